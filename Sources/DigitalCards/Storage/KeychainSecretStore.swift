// The Keychain exists on Apple platforms only; elsewhere FileSecretStore is used.
#if canImport(Security)
import Foundation
import ProvisioningPrimitives

/// ``SecretStore`` in the Keychain: generic-password items of one service,
/// readable after the first unlock, never synchronised nor restored on
/// another device (``KeychainItems``), so payment keys stay on the device
/// they were encrypted for.
struct KeychainSecretStore: SecretStore {
    let service: String
    let accessGroup: String?

    private var items: KeychainItems { KeychainItems(service: service, accessGroup: accessGroup) }

    func read(_ name: String) throws(DigitalCardError) -> Data? {
        let item: AnyObject?
        do {
            item = try items.item(name)
        } catch {
            throw DigitalCardError(.storageFailure, "the Keychain refused a read (status \(error.status))")
        }
        guard let item else { return nil }
        guard let data = item as? Data else {
            throw DigitalCardError(.storageFailure, "a Keychain item has an unexpected type")
        }
        return data
    }

    func write(_ name: String, _ data: Data) throws(DigitalCardError) {
        do {
            try items.write(data, for: name)
        } catch {
            throw DigitalCardError(.storageFailure, "the Keychain refused a write (status \(error.status))")
        }
    }

    func delete(_ name: String) throws(DigitalCardError) {
        do {
            try items.delete(name)
        } catch {
            throw DigitalCardError(.storageFailure, "the Keychain refused a delete (status \(error.status))")
        }
    }
}
#endif
