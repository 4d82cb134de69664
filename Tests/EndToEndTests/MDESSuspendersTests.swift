import Foundation
import ProvisioningAPI
import TestSupport
import Testing

extension EndToEndTests {
    /// MDES's rules for several suspenders of one Apple Pay token, end to end
    /// through the real `tpc serve --sandbox`: the cardholder suspends from
    /// the device (Find My's lost mode, `C`), the issuer through the service's
    /// app and back-office routes and the MDES connector (`I`). What MDES holds
    /// is read with Mastercard's own client (`/search`, `Suspenders`); what
    /// the connector sent and got back is checked against the published
    /// schemas.
    @Suite(.timeLimit(.minutes(10))) struct MDESSuspenders {
        /// A Mastercard pass of the MDES issuer and what acts on it.
        struct Card {
            let deployment: Deployment
            let provisioned: Provisioned
            let pass: SandboxPass

            var tokenId: String { pass.deviceAccountIdentifier }

            static func provisioned() async throws -> Card {
                let deployment = try await Deployment.shared(.sqlite)
                let (provisioned, pass) = try await deployment.provisionedPass(outcome: .approve, scheme: "MASTERCARD")
                return Card(deployment: deployment, provisioned: provisioned, pass: pass)
            }

            /// The device's lost mode; the pass's state afterwards.
            @discardableResult
            func lostMode(_ enabled: Bool) async throws -> SandboxPassActivationState? {
                let response = try await deployment.client.post(
                    deployment.path(try APIPaths.sandboxLostMode(deviceId: provisioned.device.id)),
                    json: SandboxLostModeRequest(enabled: enabled))
                guard response.status == 200 else {
                    throw FlowFailure(description: "lost mode answered \(response.status): \(response.text)")
                }
                return try response.decode(SandboxPassList.self).passes
                    .first { $0.serialNumber == pass.serialNumber }?.activationState
            }

            /// The issuer app's change (a fresh authorization code).
            func app(_ action: TokenLifecycleAction) async throws -> WireResponse {
                try await deployment.changeState(
                    action, tokenId: tokenId, scheme: provisioned.card.scheme, cardRef: provisioned.cardRef)
            }

            /// The back office's change.
            func backOffice(_ action: TokenLifecycleAction, reason: String) async throws -> WireResponse {
                try await deployment.backOfficeChange(action, tokenId: tokenId, reason: reason)
            }

            /// The registry's state of the token.
            func registry() async throws -> TokenStatus? {
                try await deployment.tokens(ofCard: provisioned.cardRef).first { $0.tokenId == tokenId }?.state
            }

            /// What MDES says of the token, asked by Mastercard's own client:
            /// `CurrentStatusCode` and `Suspenders.Suspender`.
            func mdes() async throws -> (status: String?, suspenders: [String]?) {
                var input: [String: Any] = try await deployment.mdesClientCredentials()
                input["steps"] = [["op": "search", "token_unique_reference": tokenId]]
                let (passed, answer) = try await InteropPython.check("mdes/client_check.py", input: input)
                guard passed, let step = (answer["steps"] as? [[String: Any]])?.first else {
                    throw FlowFailure(description: "client_check.py: \(answer)")
                }
                let token = MDESSuspenders.token(inSearchResponse: step["response"])
                let suspenders = (token?["Suspenders"] as? [String: Any])?["Suspender"] as? [String]
                return (token?["CurrentStatusCode"] as? String, suspenders)
            }

            /// The connector's calls for this token, in order (Mastercard's
            /// client's searches left out), each required verified and schema-valid.
            func connectorExchanges() async throws -> [[String: Any]] {
                let exchanges = try MDESFlow.exchanges(of: tokenId, in: deployment).filter { entry in
                    let message = (entry["request"] as? [String: Any])?.values.first as? [String: Any]
                    let audit = message?["AuditInfo"] as? [String: Any]
                    return (audit?["UserId"] as? String)?.hasPrefix("tpc-") == true
                }
                for exchange in exchanges {
                    let signature = exchange["signature"] as? [String: Any]
                    #expect(signature?["verified"] as? Bool == true, "an unsigned or badly signed call: \(exchange)")
                }
                try await MDESFlow.expectSchemaValid(exchanges)
                return exchanges
            }
        }

        /// The one token of a `SearchResponse`.
        static func token(inSearchResponse response: Any?) -> [String: Any]? {
            let search = (response as? [String: Any])?["SearchResponse"] as? [String: Any]
            let account = ((search?["Accounts"] as? [String: Any])?["Account"] as? [[String: Any]])?.first
            return ((account?["Tokens"] as? [String: Any])?["Token"] as? [[String: Any]])?.first
        }

        @Test func aCardholdersSuspensionIsLiftedByTheCardholder() async throws {
            let card = try await Card.provisioned()
            #expect(try await card.lostMode(true) == .suspended)
            #expect(try await card.registry() == .suspended)
            let held = try await card.mdes()
            #expect(held.status == "S" && held.suspenders == ["C"], "\(held)")

            #expect(try await card.lostMode(false) == .activated)
            #expect(try await card.registry() == .active)
            let lifted = try await card.mdes()
            // Suspenders is present only while the token is suspended.
            #expect(lifted.status == "A" && lifted.suspenders == nil, "\(lifted)")
        }

        @Test func theIssuerJoinsACardholdersSuspensionWhichTheCardholderThenCannotLift() async throws {
            let card = try await Card.provisioned()
            try await card.lostMode(true)

            // The registry says suspended; the back office's suspend still goes
            // to MDES, where the issuer joins the cardholder.
            let joined = try await card.backOffice(.suspend, reason: "Fraud team hold")
            #expect(joined.status == 200, "\(joined.text)")
            #expect(try joined.decode(TokenStateChangeResponse.self).state == .suspended)
            let both = try await card.mdes()
            #expect(both.status == "S" && both.suspenders == ["C", "I"], "\(both)")

            // Lost mode ends: the cardholder cannot lift what the issuer holds.
            #expect(try await card.lostMode(false) == .suspended)
            #expect(try await card.mdes().suspenders == ["C", "I"])
            #expect(try await card.registry() == .suspended)

            // The issuer's resume lifts its own and overrides the cardholder's.
            let resumed = try await card.backOffice(.resume, reason: "Fraud team released")
            #expect(resumed.status == 200, "\(resumed.text)")
            #expect(try resumed.decode(TokenStateChangeResponse.self).state == .active)
            #expect(try await card.registry() == .active)

            let exchanges = try await card.connectorExchanges()
            #expect(
                exchanges.compactMap { $0["operation"] as? String } == ["suspend", "search", "unsuspend", "search"])
            let searched = exchanges.filter { $0["operation"] as? String == "search" }.map {
                Self.token(inSearchResponse: $0["response"])?["Suspenders"] as? [String: Any]
            }
            #expect(searched.first??["Suspender"] as? [String] == ["C", "I"], "the connector read \(searched)")
            #expect(searched.last ?? nil == nil, "after the resume: \(searched)")
        }

        @Test func anIssuersResumeOverridesACardholdersSuspension() async throws {
            let card = try await Card.provisioned()
            try await card.lostMode(true)
            let resumed = try await card.app(.resume)
            #expect(resumed.status == 200, "\(resumed.text)")
            #expect(try resumed.decode(TokenStateChangeResponse.self).state == .active)
            let view = try await card.mdes()
            #expect(view.status == "A" && view.suspenders == nil, "\(view)")
            #expect(try await card.passes().first == .activated)
            let exchanges = try await card.connectorExchanges()
            #expect(exchanges.compactMap { $0["operation"] as? String } == ["unsuspend", "search"])
        }

        @Test func theCardholderCanNeitherSuspendNorLiftATokenTheIssuerSuspended() async throws {
            let card = try await Card.provisioned()
            let suspended = try await card.app(.suspend)
            #expect(suspended.status == 200, "\(suspended.text)")

            #expect(try await card.lostMode(true) == .suspended)
            #expect(try await card.mdes().suspenders == ["I"])
            #expect(try await card.lostMode(false) == .suspended)
            #expect(try await card.mdes().suspenders == ["I"])

            // The issuer's own suspension is there already: MDES refuses a second.
            let again = try await card.app(.suspend)
            #expect(again.status == 409, "\(again.text)")
            #expect(again.problemType == ProblemType.illegalTransition.rawValue)

            let resumed = try await card.app(.resume)
            #expect(resumed.status == 200, "\(resumed.text)")
            #expect(try await card.registry() == .active)
            let exchanges = try await card.connectorExchanges()
            #expect(
                exchanges.compactMap { $0["operation"] as? String } == [
                    "suspend", "search", "suspend", "search", "unsuspend", "search",
                ])
            // The refusal, then the service's read of MDES's view (reconciliation).
            #expect(exchanges.compactMap { $0["status"] as? Int } == [200, 200, 400, 200, 200, 200])
        }
    }
}

extension EndToEndTests.MDESSuspenders.Card {
    /// The pass's state on the device.
    func passes() async throws -> [SandboxPassActivationState] {
        try await deployment.passes(of: provisioned.device).filter { $0.serialNumber == pass.serialNumber }
            .map(\.activationState)
    }
}
