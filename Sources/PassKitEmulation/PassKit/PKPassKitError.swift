import Foundation

/// An error of PassKit in ``PKPassKitErrorDomain``, as in PassKit:
/// `PKPass(data:)` throws it for data that is not a pass.
///
/// ```swift
/// do {
///     _ = try PKPass(data: data)
/// } catch let error as PKPassKitError where error.code == .invalidDataError {
///     // not a pass
/// }
/// ```
public struct PKPassKitError: CustomNSError, Hashable {
    /// PassKit's error codes.
    public typealias Code = _PKPassKitError.Code

    /// The error's code.
    public let code: Code
    private let info: [String: String]

    /// Makes an error with `code`; `userInfo`'s string values are kept.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.info = userInfo.compactMapValues { $0 as? String }
    }

    public static var errorDomain: String { PKPassKitErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { info }

    /// The code `Code.unknownError`, as PassKit spells it on the error type.
    public static var unknownError: Code { .unknownError }
    /// The code `Code.invalidDataError`, as PassKit spells it on the error type.
    public static var invalidDataError: Code { .invalidDataError }
    /// The code `Code.unsupportedVersionError`, as PassKit spells it on the error type.
    public static var unsupportedVersionError: Code { .unsupportedVersionError }
    /// The code `Code.invalidSignature`, as PassKit spells it on the error type.
    public static var invalidSignature: Code { .invalidSignature }
    /// The code `Code.notEntitledError`, as PassKit spells it on the error type.
    public static var notEntitledError: Code { .notEntitledError }

    public static func == (lhs: PKPassKitError, rhs: PKPassKitError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// The error domain of ``PKAddSecureElementPassError``.
public let PKAddSecureElementPassErrorDomain = "PKAddSecureElementPassErrorDomain"

/// Why adding a secure-element pass failed, as in PassKit (iOS 13.4).
public struct PKAddSecureElementPassError: CustomNSError, Hashable {
    /// The failure codes.
    public typealias Code = _PKAddSecureElementPassError.Code

    /// The error's code.
    public let code: Code
    private let info: [String: String]

    /// Makes an error with `code`; `userInfo`'s string values are kept.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.info = userInfo.compactMapValues { $0 as? String }
    }

    public static var errorDomain: String { PKAddSecureElementPassErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { info }

    /// The code `Code.userCanceledError`, as PassKit spells it on the error type.
    public static var userCanceledError: Code { .userCanceledError }

    public static func == (lhs: PKAddSecureElementPassError, rhs: PKAddSecureElementPassError) -> Bool {
        lhs.code == rhs.code
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
