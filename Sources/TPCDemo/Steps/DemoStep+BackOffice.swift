import Foundation
import ProvisioningAPI
import PushProvisioning

extension DemoStep {
    /// The bank's operations view: the back office lists the run's tokens with
    /// their states, and an operator suspends and resumes one, which the Watch
    /// sees after synchronization (what `tpc tokens` does).
    package static let backOffice = DemoStep("Back office: token list and an operator action", flow: "back office") {
        context, log in
        let bank = try context.requireBank()
        let wallet = try context.requireWallet()
        try log.check(!context.expectedTokens.isEmpty, "earlier steps made tokens to look for")
        var listed: [String: TokenInfo] = [:]
        for role in ["approve", "activation", "extension"] {
            guard let card = context.cards[role] else { continue }
            for token in try await bank.backOffice.tokens(TokenSearchQuery(cardRef: card.reference)) {
                listed[token.tokenId] = token
            }
        }
        for token in listed.values.sorted(by: { $0.createdAt < $1.createdAt }) {
            log.detail(
                "\(token.cardRef ?? "?")  ••••\(token.panSuffix)  token ••••\(token.tokenSuffix)  "
                    + "\(token.state.rawValue)  \(token.device.name)")
        }
        for (tokenId, expected) in context.expectedTokens.sorted(by: { $0.key < $1.key }) {
            try log.check(
                listed[tokenId]?.state.rawValue == expected,
                "token \(tokenId.prefix(8))… is listed as \(expected)")
        }

        let watchToken = try context.requireValue("approve.watchToken")
        let suspended = try await bank.backOffice.change(
            tokenId: watchToken, action: .suspend, reason: "demo: lost Watch")
        try await wallet.synchronize()
        let card = try context.requireCard("approve")
        let afterSuspend = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4)).remotePass?.secureElementPass
        try log.check(
            suspended.state == .suspended && afterSuspend?.passActivationState == .suspended,
            "operator suspend → token SUSPENDED, the Watch's pass suspended")
        let resumed = try await bank.backOffice.change(tokenId: watchToken, action: .resume, reason: "demo: found")
        try await wallet.synchronize()
        let afterResume = try TPCSDK.getToken(input: GetTokenInput(last4: card.last4)).remotePass?.secureElementPass
        try log.check(
            resumed.state == .active && afterResume?.passActivationState == .activated,
            "operator resume → token ACTIVE, the Watch's pass activated")
    }
}
