import Dispatch
import PushProvisioning
import Testing

/// Where completions go by default, for each place the SDK runs.
@Suite("Callback queue", .timeLimit(.minutes(3)))
struct CallbackQueueTests {
    @Test("Wallet's non-UI extension gets the SDK's queue even where the main queue is served")
    func nonUIExtensionNeverDeliversOnMain() {
        let queue = TPCSettings.defaultCallbackQueue(
            extensionPoint: TPCSettings.walletNonUIExtensionPoint, mainQueueServed: true)
        #expect(queue === TPCSettings.sdkCallbackQueue)
        #expect(queue.label != DispatchQueue.main.label)
    }

    @Test("an app and the sign-in extension get the main queue where it is served, the SDK's queue elsewhere")
    func appsAndTheSignInExtensionGetMain() {
        for point in [nil, "com.apple.PassKit.issuer-provisioning.authorization"] {
            // DispatchQueue.main is not one object on Linux: compared by label.
            #expect(
                TPCSettings.defaultCallbackQueue(extensionPoint: point, mainQueueServed: true).label
                    == DispatchQueue.main.label)
            #expect(
                TPCSettings.defaultCallbackQueue(extensionPoint: point, mainQueueServed: false)
                    === TPCSettings.sdkCallbackQueue)
        }
    }

    @Test("this test process, which is no extension off Apple platforms, defaults to the SDK's queue")
    func thisProcessDefault() {
        #if canImport(Darwin)
        #expect(TPCSettings.defaultCallbackQueue.label == DispatchQueue.main.label)
        #else
        #expect(TPCSettings.defaultCallbackQueue === TPCSettings.sdkCallbackQueue)
        #endif
        #expect(TPCSettings().callbackQueue === TPCSettings.defaultCallbackQueue)
    }
}
