/// An error or a finding that says what kind it is (``code``) and what
/// happened (``detail``, never a secret or card data), and prints as
/// `code: detail`.
///
/// A type whose description says more (a request id, a status) writes its
/// own. It is public because the SDK's public findings adopt it.
///
/// ```swift
/// public struct Finding: CodedDetail {
///     public let code: Code
///     public let detail: String
/// }
/// print(finding)  // wrong-size: 1024 × 640, expected 1536 × 969
/// ```
public protocol CodedDetail: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of this error or finding.
    associatedtype Code: ExtensibleEnumeration

    /// What kind it is.
    var code: Code { get }
    /// What happened, without secrets.
    var detail: String { get }
}

extension CodedDetail {
    /// `code: detail`.
    public var description: String { "\(code): \(detail)" }
}
