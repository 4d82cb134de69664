import Foundation
import ProvisioningAPI
import ProvisioningCrypto

extension DemoStep {
    /// The Mastercard path: the Wallet-extension card is a Mastercard, so its
    /// add request carried a TAV, which this step checks on screen with the
    /// issuer's registered TAV public key (``DemoTAVCheck``, the demo's own
    /// reading of Mastercard's description); an operator's suspend and resume
    /// of its token then go through the service's MDES connector,
    /// OAuth-signed, to the sandbox's Customer Service API. For each call,
    /// what was signed (method, URL, body hash, consumer key's prefix) and
    /// what MDES answered (status, the token's status and suspenders) come
    /// from the sandbox's journal, redacted to what an operator may see: no
    /// PAN, expiry, signature or nonce.
    package static let mastercardMDES = DemoStep("Mastercard: TAV and the MDES Customer Service API", flow: "MDES") {
        context, log in
        let bank = try context.requireBank()
        let service = try context.requireService()
        let card = try context.requireCard("extension")
        try log.check(card.scheme == .mastercard, "the Wallet-extension card is a Mastercard")
        try Self.checkTAV(context: context, card: card, directory: service.sandboxDirectory, log: log)

        let tokens = try await bank.backOffice.tokens(TokenSearchQuery(cardRef: card.reference))
        guard let token = tokens.first(where: { $0.state == .active }) else {
            throw DemoError(.verificationFailed, "the Mastercard card has no active token")
        }
        let suspended = try await bank.backOffice.change(
            tokenId: token.tokenId, action: .suspend, reason: "demo: MDES suspend")
        let resumed = try await bank.backOffice.change(
            tokenId: token.tokenId, action: .resume, reason: "demo: MDES resume")
        try log.check(
            suspended.state == .suspended && resumed.state == .active,
            "operator suspend and resume of token ••••\(token.tokenSuffix) through MDES")

        let calls = Self.journal(of: token.tokenId, in: service.sandboxDirectory)
        for call in calls { call.show(log) }
        try log.check(
            calls.map(\.operation) == ["suspend", "search", "unsuspend", "search"],
            "the connector asked MDES to suspend, unsuspend, and read the token back after each")
        try log.check(
            calls.allSatisfy { $0.verified && $0.status == 200 && $0.method == "RSA-SHA256" && !$0.bodyHash.isEmpty },
            "every call signed RSA-SHA256 with a body hash, verified by MDES, and answered 200")
        try log.check(
            calls.filter { $0.operation == "search" }.map(\.tokenStatus) == ["S", "A"]
                && calls.first { $0.operation == "search" }?.suspenders == ["I"],
            "MDES answered suspended by the issuer (Suspenders [I]), then active")
    }

    /// Checks the TAV the Wallet-extension card's add request carried with
    /// the sandbox issuer's registered public key (`tav-public-key.pem`):
    /// for the card, and not for another card number.
    @MainActor static func checkTAV(context: DemoContext, card: DemoCard, directory: URL, log: DemoStepLog) throws {
        let encoded = try context.requireValue("extensionActivationData")
        let tav = try log.require(Data(base64Encoded: encoded), "the add request's activation data was kept")
        let keyFile = directory.appendingPathComponent("tav-public-key.pem")
        let publicKey: RSA.PublicKey
        let fingerprint: String
        do {
            publicKey = try RSA.PublicKey(pemRepresentation: try String(contentsOf: keyFile, encoding: .utf8))
            fingerprint = Hex.encode(try SHA256.hash(data: try publicKey.derRepresentation))
        } catch {
            throw DemoError(.verificationFailed, "the registered TAV public key \(keyFile.path) cannot be read")
        }
        let expiry = card.expiry.replacingOccurrences(of: "/", with: "")
        let check = DemoTAVCheck(
            [UInt8](tav), publicKey: publicKey, accountNumber: card.pan, accountExpiry: expiry, now: Date())
        let reading = try log.require(check.reading, "the activation data is a TAV (base64 of its JSON object)")
        log.detail(
            "TAV version \(reading.version), signature algorithm \(reading.signatureAlgorithm) over "
                + "\(reading.fields.joined(separator: "|")), valid until \(reading.validUntil)")
        try log.check(
            check.verifies,
            "the TAV verifies with the registered public key (tav-public-key.pem, SHA-256 \(fingerprint.prefix(16))…) "
                + "for \(card), within its validity" + (check.failure.map { ": \($0)" } ?? ""))
        // Another card number (the last digit changed): the same TAV must not pass.
        let other = String(card.pan.dropLast()) + String(((card.pan.last?.wholeNumberValue ?? 0) + 1) % 10)
        let forOther = DemoTAVCheck(
            [UInt8](tav), publicKey: publicKey, accountNumber: other, accountExpiry: expiry, now: Date())
        try log.check(!forOther.verifies, "the same TAV does not verify for another card number")
    }

    /// One Customer Service API call of the journal, reduced to what the demo
    /// shows: how it was signed and what MDES answered.
    struct MDESCall {
        var operation: String
        var httpMethod: String
        var url: String
        var method: String
        var consumerPrefix: String
        var bodyHash: String
        var verified: Bool
        var status: Int
        var answer: String
        /// `CurrentStatusCode`, `CurrentStatusDescription` and `Suspenders` of a search's answer.
        var tokenStatus: String?
        var tokenStatusDescription: String?
        var suspenders: [String]?

        @MainActor func show(_ log: DemoStepLog) {
            log.detail("MDES \(httpMethod) \(url)")
            log.detail(
                "  signed \(method) by consumer \(consumerPrefix)…, body hash \(bodyHash)"
                    + (verified ? " — verified" : " — NOT verified"))
            var answered = "  answered \(status) \(answer)"
            if let tokenStatus {
                answered += ": token \(tokenStatus)" + (tokenStatusDescription.map { " (\($0))" } ?? "")
                answered += suspenders.map { ", Suspenders [\($0.joined(separator: ", "))]" } ?? ", no Suspenders"
            }
            log.detail(answered)
        }
    }

    /// The journal's calls about `tokenId`, in order.
    static func journal(of tokenId: String, in directory: URL) -> [MDESCall] {
        let journal = directory.appendingPathComponent("mdes-exchanges.jsonl")
        let lines = (try? String(contentsOf: journal, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.compactMap { line -> MDESCall? in
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let message = (entry["request"] as? [String: Any])?.values.first as? [String: Any],
                message["TokenUniqueReference"] as? String == tokenId,
                let operation = entry["operation"] as? String, let status = entry["status"] as? Int
            else { return nil }
            let signature = entry["signature"] as? [String: Any]
            let response = entry["response"] as? [String: Any]
            let token = Self.searchedToken(response)
            return MDESCall(
                operation: operation, httpMethod: entry["method"] as? String ?? "?",
                url: signature?["url"] as? String ?? (entry["path"] as? String ?? "?"),
                method: signature?["method"] as? String ?? "?",
                consumerPrefix: String((signature?["consumerKey"] as? String ?? "").prefix(8)),
                bodyHash: signature?["bodyHash"] as? String ?? "", verified: signature?["verified"] as? Bool == true,
                status: status, answer: response?.keys.first ?? "?",
                tokenStatus: token?["CurrentStatusCode"] as? String,
                tokenStatusDescription: token?["CurrentStatusDescription"] as? String,
                suspenders: (token?["Suspenders"] as? [String: Any])?["Suspender"] as? [String])
        }
    }

    /// The one token of a `SearchResponse`, or `nil`.
    static func searchedToken(_ response: [String: Any]?) -> [String: Any]? {
        let search = response?["SearchResponse"] as? [String: Any]
        let account = ((search?["Accounts"] as? [String: Any])?["Account"] as? [[String: Any]])?.first
        return ((account?["Tokens"] as? [String: Any])?["Token"] as? [[String: Any]])?.first
    }
}
