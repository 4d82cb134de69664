// Apple's enumerations that Swift shows nested in a type of PassKitEmulation
// (`PKSecureElementPass.PassActivationState`, `PKPassKitError.Code`…). They
// live in this module for library evolution and are reached through the
// nesting type's typealias; the underscored namespaces are not API.

/// Namespace of `PKSecureElementPass.PassActivationState`; use that name.
public enum _PKSecureElementPass {
    /// Where a secure-element pass is in its life, as in PassKit; it follows
    /// the network token's state.
    public enum PassActivationState: Int, Hashable, Sendable {
        /// Ready to pay.
        case activated = 0
        /// Added, waiting for identity verification (the issuer app's ID&V).
        case requiresActivation = 1
        /// Activation is under way.
        case activating = 2
        /// Suspended by the issuer or the user.
        case suspended = 3
        /// Deleted; the pass no longer pays.
        case deactivated = 4
    }
}

/// Namespace of `PKPassKitError.Code`; use that name.
public enum _PKPassKitError {
    /// PassKit's error codes in `PKPassKitErrorDomain`.
    public enum Code: Int, Hashable, Sendable {
        /// An unknown error.
        case unknownError = -1
        /// The pass data is not a pass.
        case invalidDataError = 1
        /// The pass's format version is not supported.
        case unsupportedVersionError = 2
        /// The pass's signature is not valid.
        case invalidSignature = 3
        /// The app lacks the entitlement.
        case notEntitledError = 4
    }
}

/// Namespace of `PKAddSecureElementPassError.Code`; use that name.
public enum _PKAddSecureElementPassError {
    /// Why adding a secure-element pass failed.
    public enum Code: Int, Hashable, Sendable {
        /// An unknown failure.
        case unknownError = 0
        /// The user cancelled.
        case userCanceledError = 1
        /// The service is unavailable.
        case unavailableError = 2
        /// The configuration is not valid.
        case invalidConfigurationError = 3
        /// The device cannot take the pass.
        case deviceNotSupportedError = 4
        /// The device is not ready.
        case deviceNotReadyError = 5
        /// The OS version is not supported.
        case osVersionNotSupportedError = 6
    }
}

/// Namespace of `UIButton.ButtonType`; use that name.
public enum _UIButton {
    /// A button's style, as in UIKit.
    public enum ButtonType: Int, Hashable, Sendable {
        /// No style.
        case custom = 0
        /// The system style (a tinted title).
        case system = 1
        /// A detail disclosure button.
        case detailDisclosure = 2
        /// An information button, light.
        case infoLight = 3
        /// An information button, dark.
        case infoDark = 4
        /// An add-contact button.
        case contactAdd = 5
        /// A close button.
        case close = 7
    }
}
