import ProvisioningAPI
import TPCCommandLine

/// `--state`: the raw values (`ACTIVE`, `SUSPENDED`…) are the accepted
/// spellings, listed in help and checked while parsing.
extension TokenStatus: ArgumentConvertible {}
