/// A certificate path that verified to a pinned root, leaf first.
package struct VerifiedCertificateChain: Hashable, Sendable {
    /// The path: leaf, intermediates, then the pinned root (at least one
    /// element).
    package let certificates: [Certificate]

    /// The end-entity certificate the path was built for.
    package var leaf: Certificate { certificates[0] }

    /// The certificates between leaf and root, leaf side first.
    package var intermediates: [Certificate] {
        certificates.count > 2 ? Array(certificates[1..<(certificates.count - 1)]) : []
    }

    /// The pinned root the path ends at.
    package var root: Certificate { certificates[certificates.count - 1] }
}
