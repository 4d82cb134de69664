import Foundation
import PassKitEmulation
import PushProvisioning
import Synchronization
import TestSupport
import Testing
import WalletExtensions

/// The bank's backend of the DocC example (`BankAPI.provisioningData(cardId:)`),
/// answered by the test's issuer backend.
enum BankAPI {
    struct Card {
        var payload: String
        var code: String
    }

    static let server = Mutex<BankServer?>(nil)

    static func provisioningData(cardId: String) async throws -> Card {
        guard let server = server.withLock({ $0 }) else {
            throw WalletExtensionsError(.notConfigured, "no bank server in this test")
        }
        let data = try server.provisioningData(cardId: cardId)
        return Card(payload: data.encryptedPayload, code: data.authorizationCode)
    }
}

// BEGIN DOCC EXAMPLE — TPCIssuerProvisioningExtensionHandler's "principal class, in full".
final class WalletIntentHandler: TPCIssuerProvisioningExtensionHandler {
    override func provisioningData(forCardId cardId: String) async throws -> ProvisioningData {
        let card = try await BankAPI.provisioningData(cardId: cardId)
        return ProvisioningData(encryptedPayload: card.payload, authorizationCode: card.code)
    }
}
// END DOCC EXAMPLE

/// The ready-made handler as iOS makes it: the principal class's `init()`,
/// configured by the extension's `Info.plist`.
@Suite("The principal class made with init()", .serialized, .timeLimit(.minutes(10)))
@MainActor
struct PrincipalClassTests {
    private static let handlerSource = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Sources/WalletExtensions/Handler/TPCIssuerProvisioningExtensionHandler.swift")

    /// The lines of the first Swift block of `text` after `marker`.
    private func swiftBlock(in text: String, after marker: String) throws -> [String] {
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.contains(marker) })
        let open = try #require(lines[start...].firstIndex { $0.hasSuffix("```swift") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasSuffix("```") })
        return lines[(open + 1)..<close].map { line in
            var line = Substring(line).drop { $0 == " " }
            if line.hasPrefix("///") { line = line.dropFirst(3) }
            if line.hasPrefix(" ") { line = line.dropFirst() }
            return String(line)
        }
    }

    @Test("the DocC example of the principal class is the code this file compiles")
    func docCExampleCompiles() throws {
        let documented = try swiftBlock(
            in: try String(contentsOf: Self.handlerSource, encoding: .utf8), after: "The principal class,")
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(source.firstIndex { $0.hasPrefix("// BEGIN DOCC EXAMPLE") })
        let end = try #require(source.firstIndex { $0.hasPrefix("// END DOCC EXAMPLE") })
        #expect(documented == Array(source[(start + 1)..<end]))
    }

    @Test("Wallet makes the principal class with init() from the Info.plist, and it adds a card")
    func walletMakesThePrincipalClass() async throws {
        let group = "group.pushprovisioning.tests.\(UUID().uuidString)"
        try await ExtensionWorld.run(appGroup: group) { world in
            BankAPI.server.withLock { $0 = world.bank }
            defer { BankAPI.server.withLock { $0 = nil } }
            let issuerExtension = SimulatedAppExtension(
                principalClass: WalletIntentHandler.init,
                infoDictionary: [
                    TPCIssuerProvisioningExtensionHandler.InfoPlistKey.appGroupIdentifier: group,
                    TPCIssuerProvisioningExtensionHandler.InfoPlistKey.serviceURL:
                        world.harness.sandbox.baseURL.absoluteString,
                    TPCIssuerProvisioningExtensionHandler.InfoPlistKey.issuerId: world.harness.backend.issuerId,
                ])
            let app = world.app(issuerExtension)
            let visit = await app.addCards(
                to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .identifiers(["card-2"]))
            #expect(visit.authorization == .authorized)
            #expect(visit.entries.map(\.identifier) == ["card-1", "card-2"])
            let pass = try #require(visit.added.first?.pass, "\(visit.added.first?.shownError ?? "")")
            #expect(pass.primaryAccountNumberSuffix == world.cards[1].lastFour)
            #expect(visit.diagnostics.isEmpty, "\(visit.diagnostics)")
        }
    }

    @Test("without TPCAppGroupIdentifier the handler starts, offers nothing and says why")
    func missingAppGroupIsDiagnosed() async throws {
        // Outside the simulated Wallet the Info.plist is the test runner's: no key.
        let handler = WalletIntentHandler()
        let problem = try #require(handler.configurationProblem)
        #expect(problem.code == .notConfigured && problem.detail.contains("TPCAppGroupIdentifier"))
        let status = handler.currentStatus()
        #expect(!status.passEntriesAvailable && !status.remotePassEntriesAvailable)
        #expect(handler.entries(remote: false).isEmpty)

        try await EndToEndHarness.run { world in
            let app = SimulatedWalletApp(
                wallet: world.wallet,
                issuerExtension: SimulatedAppExtension(principalClass: WalletIntentHandler.init, infoDictionary: [:]),
                limits: ExtensionWorld.relaxedLimits)
            let visit = await app.addCards(to: .iPhone)
            #expect(visit.status != nil && visit.isIssuerListed == false)
        }
    }

    @Test("a principal class without its own provisioning data fails the request and says what to override")
    func missingOverrideIsDiagnosed() async throws {
        let group = "group.pushprovisioning.tests.\(UUID().uuidString)"
        try await ExtensionWorld.run(appGroup: group) { world in
            final class Bare: TPCIssuerProvisioningExtensionHandler {
                static let failures = Mutex<[String]>([])
                override func requestDidFail(cardId: String, error: any Error) {
                    Self.failures.withLock { $0.append("\(error)") }
                }
            }
            let app = world.app(
                SimulatedAppExtension(
                    principalClass: Bare.init,
                    infoDictionary: [TPCIssuerProvisioningExtensionHandler.InfoPlistKey.appGroupIdentifier: group]))
            let visit = await app.addCards(
                to: .iPhone, signIn: ExtensionWorld.signsIn, picking: .identifiers(["card-1"]))
            #expect(visit.added.first?.pass == nil && visit.noticed(.noRequest))
            #expect(Bare.failures.withLock { $0 }.contains { $0.contains("provisioningData(forCardId:)") })
        }
    }
}
