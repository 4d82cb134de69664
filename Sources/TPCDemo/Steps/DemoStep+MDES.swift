import Foundation
import ProvisioningAPI

extension DemoStep {
    /// The Mastercard path: the Wallet-extension card is a Mastercard, so its
    /// add request carried a TAV the sandbox's MDES verified, and an
    /// operator's suspend and resume of its token go through the service's
    /// MDES connector, OAuth-signed, to the sandbox's Customer Service API.
    /// What MDES was asked and answered comes from the sandbox's journal,
    /// redacted to what an operator may see.
    package static let mastercardMDES = DemoStep("Mastercard: TAV and the MDES Customer Service API", flow: "MDES") {
        context, log in
        let bank = try context.requireBank()
        let service = try context.requireService()
        let card = try context.requireCard("extension")
        try log.check(card.scheme == .mastercard, "the Wallet-extension card is a Mastercard")
        let tokens = try await bank.backOffice.tokens(TokenSearchQuery(cardRef: card.reference))
        guard let token = tokens.first(where: { $0.state == .active }) else {
            throw DemoError(.verificationFailed, "the Mastercard card has no active token")
        }
        log.detail("its token ••••\(token.tokenSuffix) exists: the sandbox's MDES verified the TAV it carried")
        let suspended = try await bank.backOffice.change(
            tokenId: token.tokenId, action: .suspend, reason: "demo: MDES suspend")
        let resumed = try await bank.backOffice.change(
            tokenId: token.tokenId, action: .resume, reason: "demo: MDES resume")
        try log.check(
            suspended.state == .suspended && resumed.state == .active, "operator suspend and resume through MDES")

        let journal = service.sandboxDirectory.appendingPathComponent("mdes-exchanges.jsonl")
        let lines = (try? String(contentsOf: journal, encoding: .utf8))?.split(separator: "\n") ?? []
        var calls: [(operation: String, verified: Bool, status: Int)] = []
        for line in lines {
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let request = entry["request"] as? [String: Any],
                let message = request.values.first as? [String: Any],
                message["TokenUniqueReference"] as? String == token.tokenId,
                let operation = entry["operation"] as? String, let status = entry["status"] as? Int
            else { continue }
            let signature = entry["signature"] as? [String: Any]
            let verified = signature?["verified"] as? Bool == true
            let consumer = (signature?["consumerKey"] as? String ?? "").prefix(8)
            let reason = message["ReasonCode"].map { " ReasonCode \($0)" } ?? ""
            let auditor = ((message["AuditInfo"] as? [String: Any])?["UserId"] as? String).map { " by \($0)" } ?? ""
            let answer = (entry["response"] as? [String: Any])?.keys.first ?? "?"
            log.detail(
                "MDES \(entry["method"] ?? "?") \(entry["path"] ?? "?")\(reason)\(auditor), signed "
                    + "\(signature?["method"] ?? "?") by \(consumer)…\(verified ? " (verified)" : " (NOT verified)") "
                    + "→ \(status) \(answer)")
            calls.append((operation, verified, status))
        }
        try log.check(
            calls.map(\.operation) == ["suspend", "search", "unsuspend", "search"],
            "the connector asked MDES to suspend, unsuspend, and read the token back after each")
        try log.check(
            calls.allSatisfy { $0.verified && $0.status == 200 }, "every call OAuth-signed, verified and answered 200")
    }
}
