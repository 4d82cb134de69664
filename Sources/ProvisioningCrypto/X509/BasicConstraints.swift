/// The X.509 basic constraints extension (RFC 5280 §4.2.1.9): whether a
/// certificate may issue others, and how many intermediates may follow it.
package struct BasicConstraints: Hashable, Sendable {
    /// The subject is a certificate authority.
    package var isCA: Bool
    /// For a CA, the maximum number of non-self-issued intermediates below it;
    /// `nil` means unlimited.
    package var pathLengthConstraint: Int?

    package init(isCA: Bool, pathLengthConstraint: Int? = nil) {
        self.isCA = isCA
        self.pathLengthConstraint = isCA ? pathLengthConstraint : nil
    }

    /// An end-entity certificate (`CA:FALSE`).
    package static let notCA = BasicConstraints(isCA: false)

    /// A CA certificate with an optional path length constraint.
    package static func ca(pathLengthConstraint: Int? = nil) -> BasicConstraints {
        BasicConstraints(isCA: true, pathLengthConstraint: pathLengthConstraint)
    }

    /// OpenSSL's `X509V3_EXT_conf_nid` syntax; always critical (RFC 5280 requires
    /// it for CAs, and Apple's certificates mark it so).
    var configValue: String {
        guard isCA else { return "critical,CA:FALSE" }
        guard let pathLengthConstraint else { return "critical,CA:TRUE" }
        return "critical,CA:TRUE,pathlen:\(pathLengthConstraint)"
    }
}
