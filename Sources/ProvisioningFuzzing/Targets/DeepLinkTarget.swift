import Foundation
import PushProvisioning

extension FuzzTarget {
    /// The Wallet launch URL the app receives: `WalletDeepLink(url:)`.
    public static let deepLink = FuzzTarget(name: "deep-link") { input in
        guard let url = URL(string: String(decoding: input, as: UTF8.self)) else { return .refused }
        do {
            _ = try WalletDeepLink(url: url, acceptsDevelopmentPassType: true)
            return .accepted
        } catch {
            return .refused
        }
    }
}
