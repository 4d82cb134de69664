import Foundation

extension WalletRegistration: CustomStringConvertible, CustomDebugStringConvertible {
    // The access token is a credential: keep it out of logs.
    package var description: String { "WalletRegistration(walletId: \(walletId), userId: \(userId))" }
    package var debugDescription: String { description }
}
