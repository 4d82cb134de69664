extension Certificate {
    /// One X.509 v3 extension: its OID, criticality and DER-encoded value (the
    /// contents of the `extnValue` OCTET STRING).
    ///
    /// ```swift
    /// // Apple's leaf marker: critical, value ASN.1 NULL.
    /// let marker = Certificate.Extension(oid: "1.2.840.113635.100.6.39", isCritical: true, value: [0x05, 0x00])
    /// ```
    package struct Extension: Hashable, Sendable {
        /// Dotted OID, e.g. "2.5.29.15".
        package var oid: String
        /// Whether a relying party that does not understand it must refuse the
        /// certificate.
        package var isCritical: Bool
        /// DER of the extension value.
        package var value: [UInt8]

        package init(oid: String, isCritical: Bool, value: [UInt8]) {
            self.oid = oid
            self.isCritical = isCritical
            self.value = value
        }
    }
}
