import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import TestSupport
import Testing

extension EndToEndTests {
    /// The Mastercard path of `tpc serve --sandbox`: the sandbox issuer's
    /// Mastercard cards carry a TAV, and their lifecycle goes through the
    /// MDES connector to the sandbox's Customer Service API over HTTP, OAuth
    /// signed; the other issuer (no `mdes` settings) stays on the sandbox's
    /// own protocol. What MDES was asked and answered is read back from the
    /// sandbox's journal and checked against Mastercard's published schemas by
    /// Python (Tests/Interop/mdes).
    @Suite(.timeLimit(.minutes(10))) struct MDESFlow {
        /// The journal's entries for one token, in order.
        static func exchanges(of tokenId: String, in deployment: Deployment) throws -> [[String: Any]] {
            let url = deployment.sandboxDirectory.appendingPathComponent("mdes-exchanges.jsonl")
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line -> [String: Any]? in
                guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let request = entry["request"] as? [String: Any],
                    let message = request.values.first as? [String: Any],
                    message["TokenUniqueReference"] as? String == tokenId
                else { return nil }
                return entry
            }
        }

        /// Every request and answer of `exchanges` (journal entries) is valid
        /// against Mastercard's published schemas, checked by a validator from
        /// PyPI (`schema_check.py`).
        static func expectSchemaValid(_ exchanges: [[String: Any]]) async throws {
            let (valid, answer) = try await InteropPython.check(
                "mdes/schema_check.py",
                input: [
                    "exchanges": exchanges.map { entry in
                        [
                            "operation": entry["operation"] ?? "", "request": entry["request"] ?? [:],
                            "status": entry["status"] ?? 0, "response": entry["response"] ?? [:],
                        ]
                    }
                ])
            #expect(valid, "schema_check.py: \(answer)")
            #expect(answer["checked"] as? Int == exchanges.count)
        }

        @Test func aMastercardCardCarriesATAVThatAnIndependentCheckVerifies() async throws {
            let deployment = try await Deployment.shared(.sqlite)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: "MASTERCARD")
            #expect(pass.activationState == .activated)
            let publicKey = try String(
                contentsOf: deployment.sandboxDirectory.appendingPathComponent("tav-public-key.pem"), encoding: .utf8)
            let expiry = provisioned.card.expiry.replacingOccurrences(of: "/", with: "")
            let check: [String: Any] = [
                "tav": String(decoding: provisioned.response.activationData, as: UTF8.self),
                "public_key_pem": publicKey, "account_number": provisioned.card.pan, "account_expiry": expiry,
                "now": WireDate.string(from: Date()),
            ]
            let (valid, answer) = try await InteropPython.check("mdes/tav_verify.py", input: check)
            #expect(valid, "tav_verify.py: \(answer)")

            // The same TAV does not verify for another card, nor after its validity.
            var otherCard = check
            otherCard["account_number"] = "5555555555554444"
            #expect(try await InteropPython.check("mdes/tav_verify.py", input: otherCard).passed == false)
            var later = check
            later["now"] = WireDate.string(from: Date().addingTimeInterval(3600))
            #expect(try await InteropPython.check("mdes/tav_verify.py", input: later).passed == false)
        }

        @Test func aTamperedTAVIsRefusedByTheSandboxsMastercardNetwork() async throws {
            let deployment = try await Deployment.shared(.sqlite)
            var provisioned = try await deployment.provision(outcome: .approve, scheme: "MASTERCARD")
            var tav = [UInt8](provisioned.response.activationData)
            let index = tav.count / 2
            tav[index] = tav[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            provisioned = Provisioned(
                device: provisioned.device, card: provisioned.card, cardholderName: provisioned.cardholderName,
                cardRef: provisioned.cardRef, nonce: provisioned.nonce, nonceSignature: provisioned.nonceSignature,
                response: ApplePayProvisioningResponse(
                    encryptedPassData: provisioned.response.encryptedPassData, activationData: Data(tav),
                    ephemeralPublicKey: provisioned.response.ephemeralPublicKey,
                    provisioningId: provisioned.response.provisioningId))
            let response = try await deployment.addPass(provisioned)
            #expect(response.status == 422 || response.status == 400, "\(response.status): \(response.text)")
            #expect(response.text.contains("activation"), "\(response.text)")
        }

        @Test func suspendResumeAndDeleteGoThroughTheMDESConnectorSignedAndSchemaValid() async throws {
            let deployment = try await Deployment.shared(.sqlite)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: "MASTERCARD")
            let tokenId = pass.deviceAccountIdentifier
            let scheme = provisioned.card.scheme

            let suspended = try await deployment.changeState(
                .suspend, tokenId: tokenId, scheme: scheme, cardRef: provisioned.cardRef)
            #expect(suspended.status == 200, "\(suspended.text)")
            #expect(try suspended.decode(TokenStateChangeResponse.self).state == .suspended)

            let resumed = try await deployment.backOfficeChange(
                .resume, tokenId: tokenId, reason: "Cardholder found the phone")
            #expect(resumed.status == 200, "\(resumed.text)")

            let deleted = try await deployment.changeState(
                .delete, tokenId: tokenId, scheme: scheme, cardRef: provisioned.cardRef)
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(try deleted.decode(TokenStateChangeResponse.self).state == .deleted, "\(deleted.text)")
            let listed = try await deployment.tokens(ofCard: provisioned.cardRef)
            #expect(listed.map(\.state) == [.deleted], "\(listed)")

            let exchanges = try Self.exchanges(of: tokenId, in: deployment)
            let operations = exchanges.compactMap { $0["operation"] as? String }
            #expect(
                operations == ["suspend", "search", "unsuspend", "search", "delete", "search"],
                "MDES was asked: \(operations)")
            for exchange in exchanges {
                let signature = exchange["signature"] as? [String: Any]
                #expect(signature?["verified"] as? Bool == true, "an unsigned or badly signed call: \(exchange)")
                #expect(signature?["method"] as? String == "RSA-SHA256")
                #expect(exchange["status"] as? Int == 200)
            }
            let changes = exchanges.filter { $0["operation"] as? String != "search" }
            let audits = changes.compactMap { entry -> [String: Any]? in
                ((entry["request"] as? [String: Any])?.values.first as? [String: Any])?["AuditInfo"] as? [String: Any]
            }
            #expect(
                audits.compactMap { $0["UserId"] as? String } == [
                    "tpc-issuer-app", "tpc-back-office", "tpc-issuer-app",
                ])
            let comments = changes.compactMap { entry -> String? in
                ((entry["request"] as? [String: Any])?.values.first as? [String: Any])?["CommentText"] as? String
            }
            #expect(comments.contains("Cardholder found the phone"))

            try await Self.expectSchemaValid(exchanges)
        }

        @Test func backOfficeSuspendAppResumeAndBackOfficeDeleteGoThroughTheMDESConnectorSignedAndSchemaValid()
            async throws
        {
            let deployment = try await Deployment.shared(.sqlite)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: "MASTERCARD")
            let tokenId = pass.deviceAccountIdentifier
            func backOffice(_ action: TokenLifecycleAction, reason: String) async throws -> WireResponse {
                try await deployment.backOfficeChange(action, tokenId: tokenId, reason: reason)
            }

            let suspended = try await backOffice(.suspend, reason: "Reported stolen at the branch")
            #expect(suspended.status == 200, "\(suspended.text)")
            #expect(try suspended.decode(TokenStateChangeResponse.self).state == .suspended)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.suspended])

            let resumed = try await deployment.changeState(
                .resume, tokenId: tokenId, scheme: provisioned.card.scheme, cardRef: provisioned.cardRef)
            #expect(resumed.status == 200, "\(resumed.text)")
            #expect(try resumed.decode(TokenStateChangeResponse.self).state == .active)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.active])

            let deleted = try await backOffice(.delete, reason: "Account closed")
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(try deleted.decode(TokenStateChangeResponse.self).state == .deleted)
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.deleted])
            #expect(try await deployment.passes(of: provisioned.device).first?.activationState == .deactivated)

            let exchanges = try Self.exchanges(of: tokenId, in: deployment)
            #expect(
                exchanges.compactMap { $0["operation"] as? String } == [
                    "suspend", "search", "unsuspend", "search", "delete", "search",
                ], "MDES was asked: \(exchanges.compactMap { $0["operation"] })")
            for exchange in exchanges {
                let signature = exchange["signature"] as? [String: Any]
                #expect(signature?["verified"] as? Bool == true, "an unsigned or badly signed call: \(exchange)")
                #expect(signature?["method"] as? String == "RSA-SHA256")
                #expect(exchange["status"] as? Int == 200)
            }
            let messages = exchanges.filter { $0["operation"] as? String != "search" }.compactMap {
                ($0["request"] as? [String: Any])?.values.first as? [String: Any]
            }
            #expect(
                messages.compactMap { ($0["AuditInfo"] as? [String: Any])?["UserId"] as? String } == [
                    "tpc-back-office", "tpc-issuer-app", "tpc-back-office",
                ])
            #expect(
                messages.compactMap { $0["CommentText"] as? String } == [
                    "Reported stolen at the branch", "resume requested by issuer-app", "Account closed",
                ])
            try await Self.expectSchemaValid(exchanges)
        }

        @Test func mastercardsOwnClientDrivesTheSandboxsCustomerServiceAPI() async throws {
            let deployment = try await Deployment.shared(.sqlite)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: "MASTERCARD")
            let reference = pass.deviceAccountIdentifier
            func step(_ op: String, reason: String? = nil, expectError: Bool = false) -> [String: Any] {
                var step: [String: Any] = ["op": op, "token_unique_reference": reference, "expect_error": expectError]
                if let reason { step["reason_code"] = reason }
                if op != "search" && op != "systemstatus" { step["comment"] = "checked by Mastercard's SDK" }
                return step
            }
            var input: [String: Any] = try await deployment.mdesClientCredentials()
            input["steps"] = [
                step("systemstatus"), step("search"), step("suspend", reason: "L"), step("search"),
                step("unsuspend", reason: "F"), step("activate", reason: "C", expectError: true),
                step("delete", reason: "C"), step("search"),
            ]
            let (passed, answer) = try await InteropPython.check("mdes/client_check.py", input: input)
            #expect(passed, "client_check.py: \(answer)")
            let steps = try #require(answer["steps"] as? [[String: Any]])
            func status(_ index: Int) -> String? {
                let response = steps[index]["response"] as? [String: Any]
                let accounts = (response?["SearchResponse"] as? [String: Any])?["Accounts"] as? [String: Any]
                let account = (accounts?["Account"] as? [[String: Any]])?.first
                let token = ((account?["Tokens"] as? [String: Any])?["Token"] as? [[String: Any]])?.first
                return token?["CurrentStatusCode"] as? String
            }
            #expect([status(1), status(3), status(7)] == ["A", "S", "D"], "\(steps)")
            #expect(steps[5]["error"] as? String == "INVALID_TOKEN_STATUS")
            // The service heard of every change the network made.
            #expect(try await deployment.tokens(ofCard: provisioned.cardRef).map(\.state) == [.deleted])
        }

        @Test func aVisaCardKeepsTheSandboxsOwnActivationDataAndLifecycle() async throws {
            let deployment = try await Deployment.shared(.sqlite)
            let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: "VISA")
            let suspended = try await deployment.changeState(
                .suspend, tokenId: pass.deviceAccountIdentifier, scheme: provisioned.card.scheme,
                cardRef: provisioned.cardRef)
            #expect(suspended.status == 200)
            #expect(try Self.exchanges(of: pass.deviceAccountIdentifier, in: deployment).isEmpty)
            // 33 bytes: the sandbox's own activation data, not a TAV.
            #expect(provisioned.response.activationData.count == 33)
        }
    }
}
