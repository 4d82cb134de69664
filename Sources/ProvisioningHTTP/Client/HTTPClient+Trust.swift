extension HTTPClient {
    /// The certificates an `https` server's chain must lead to.
    ///
    /// ```swift
    /// // The sandbox posts to its own listener, whose certificate is the anchor.
    /// let client = HTTPClient(configuration: .init(trust: .pinnedCertificate(pem: servicePEM)))
    /// ```
    package struct Trust: Sendable {
        /// PEM certificates trusted as anchors, or `nil` for the system store.
        let anchorsPEM: String?
        /// Whether the leaf must name the URL's host.
        let checksHostName: Bool

        /// The system's trust store (OpenSSL's default paths); the leaf must
        /// name the URL's host.
        package static let systemRoots = Trust(anchorsPEM: nil, checksHostName: true)

        /// Only the certificates in `pem`, each trusted as an anchor even when
        /// not self-signed; the leaf must name the URL's host.
        package static func anchors(pem: String) -> Trust {
            Trust(anchorsPEM: pem, checksHostName: true)
        }

        /// Only the certificates in `pem`, each trusted as an anchor, without
        /// checking the host name: for a peer identified by its own
        /// certificate rather than by its name, such as a process calling its
        /// own listener on a loopback address its certificate does not name.
        package static func pinnedCertificate(pem: String) -> Trust {
            Trust(anchorsPEM: pem, checksHostName: false)
        }
    }
}
