import Foundation
import ProvisioningPrimitives

extension SimulatedWallet {
    /// Something the emulation noticed that Apple would only log: a misused
    /// completion handler, an incomplete request, a failed call to the sandbox.
    ///
    /// Tests read them from ``SimulatedWallet/diagnostics``; they never hold
    /// card data, keys or nonces.
    public struct Diagnostic: CodedDetail {
        /// The kind of event. New codes are added as static members.
        public struct Code: ExtensibleEnumeration {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }

            /// The issuer called the sheet's completion handler a second time;
            /// the call was ignored.
            public static let handlerCalledTwice = Code(rawValue: "handler-called-twice")
            /// The issuer called the completion handler after the time limit; the
            /// call was ignored.
            public static let handlerCalledLate = Code(rawValue: "handler-called-late")
            /// The time limit passed with no call to the completion handler.
            public static let handlerTimedOut = Code(rawValue: "handler-timed-out")
            /// The request lacks pass data, activation data or its key.
            public static let incompleteRequest = Code(rawValue: "incomplete-request")
            /// The card network declined the card.
            public static let declined = Code(rawValue: "declined")
            /// A call to the sandbox failed.
            public static let sandboxFailure = Code(rawValue: "sandbox-failure")
            /// The scripted choice named a device that cannot take the card.
            public static let choiceNotOffered = Code(rawValue: "choice-not-offered")
        }

        /// The kind of event.
        public let code: Code
        /// A short explanation without secrets.
        public let detail: String

        /// Makes a diagnostic.
        public init(_ code: Code, _ detail: String) {
            self.code = code
            self.detail = detail
        }
    }
}
