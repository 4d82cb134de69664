import Foundation
import PassKitEmulation
import Testing

/// PassKit's names, values and UIKit's presentation stand-in, without a sandbox.
@Suite(.timeLimit(.minutes(10))) struct PassKitTypesTests {
    @Test func addPaymentPassErrorCodesMatchApple() {
        #expect(PKAddPaymentPassError.unsupported.rawValue == 0)
        #expect(PKAddPaymentPassError.userCancelled.rawValue == 1)
        #expect(PKAddPaymentPassError.systemCancelled.rawValue == 2)
        let error = PKPassKitError(.invalidDataError) as NSError
        #expect(error.domain == PKPassKitErrorDomain && error.code == 1)
        #expect(PKPassKitError.unknownError.rawValue == -1 && PKPassKitError.notEntitledError.rawValue == 4)
    }

    @Test func passTypeRawValuesMatchApple() {
        #expect(PKPassType.barcode.rawValue == 0)
        #expect(PKPassType.secureElement.rawValue == 1)
        #expect(PKPassType.any.rawValue == UInt.max)
        #expect(PKPassType(rawValue: UInt.max) == .any)
        #expect(PKPassType(rawValue: 7) == nil)
    }

    @Test func encryptionSchemesCarryApplesWireNames() {
        #expect(PKEncryptionScheme.ECC_V2.rawValue == "EV_ECC_v2")
        #expect(PKEncryptionScheme.RSA_V2.rawValue == "EV_RSA_v2")
        #expect(PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2) != nil)
        #expect(PKAddPaymentPassRequestConfiguration(encryptionScheme: PKEncryptionScheme(rawValue: "EV_X")) == nil)
    }

    @Test func activationStatesFollowApplesOrder() {
        let states: [PKSecureElementPass.PassActivationState] = [
            .activated, .requiresActivation, .activating, .suspended, .deactivated,
        ]
        #expect(states.map(\.rawValue) == [0, 1, 2, 3, 4])
    }

    @Test func configurationDefaultsMatchApple() throws {
        let configuration = try #require(PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2))
        #expect(configuration.style == .payment)
        #expect(configuration.cardDetails.isEmpty)
        #expect(configuration.productIdentifiers.isEmpty)
        #expect(!configuration.requiresFelicaSecureElement)
        #expect(configuration.cardholderName == nil && configuration.primaryAccountSuffix == nil)
    }

    @Test func paymentNetworksAreStringBacked() {
        #expect(PKPaymentNetwork("Visa") == .visa)
        #expect(PKPaymentNetwork(rawValue: "MasterCard") == .masterCard)
        #expect(
            Set([
                PKPaymentNetwork.amex, .discover, .JCB, .chinaUnionPay, .interac, .maestro, .electron, .vPay,
                .eftpos, .girocard, .pagoBancomat,
            ]).count == 11)
    }

    @Test func noWalletMeansNoSheetAndAnEmptyLibrary() async {
        SimulatedWallet.install(nil)
        let (sheet, canAdd) = await MainActor.run {
            let configuration = PKAddPaymentPassRequestConfiguration(encryptionScheme: .ECC_V2)
            configuration?.cardholderName = "Ada Lovelace"
            return (
                configuration.flatMap { PKAddPaymentPassViewController(requestConfiguration: $0, delegate: nil) }
                    != nil,
                PKAddPaymentPassViewController.canAddPaymentPass()
            )
        }
        if ProcessInfo.processInfo.environment[SimulatedWallet.directoryEnvironmentVariable] == nil {
            #expect(!sheet)
            #expect(!canAdd)
            #expect(PKPassLibrary().passes().isEmpty)
            #expect(!WCSession.isSupported())
        }
    }

    @MainActor
    @Test func presentingRunsTheLifecycleAndDismissingUndoesIt() {
        final class Screen: UIViewController {
            var events: [String] = []
            override func viewDidLoad() { events.append("load") }
            override func viewWillAppear(_ animated: Bool) { events.append("will") }
            override func viewDidAppear(_ animated: Bool) { events.append("did") }
            override func viewDidDisappear(_ animated: Bool) { events.append("gone") }
        }
        let host = Screen()
        let sheet = Screen()
        var completed = 0
        host.present(sheet, animated: true) { completed += 1 }
        #expect(sheet.events == ["load", "will", "did"])
        #expect(host.presentedViewController === sheet)
        #expect(sheet.presentingViewController === host)
        #expect(completed == 1)

        host.present(Screen(), animated: true) { completed += 1 }
        #expect(completed == 1)

        sheet.dismiss(animated: true) { completed += 1 }
        #expect(sheet.events.last == "gone")
        #expect(host.presentedViewController == nil)
        #expect(completed == 2)
    }
}
