import ProvisioningCrypto

/// Random opaque identifiers (device ids, token ids, serial numbers, event
/// ids): 16 random bytes in lower-case hex, so they carry no meaning and
/// cannot be guessed.
enum Identifiers {
    static func make(prefix: String = "") throws -> String {
        prefix + Hex.encode(try SecureRandom.bytes(count: 16))
    }
}
