import Foundation

extension ApplePayProvisioningRequest {
    /// The scheme to use: ``encryptionScheme``, or ECC_V2 when absent.
    package var effectiveEncryptionScheme: PassEncryptionScheme { encryptionScheme ?? .eccV2 }
}
