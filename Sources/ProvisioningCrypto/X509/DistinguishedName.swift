import COpenSSL
import COpenSSLShims

/// An X.509 distinguished name (subject or issuer), as an ordered list of
/// attributes.
///
/// ```swift
/// let name = DistinguishedName(commonName: "Sandbox WWDR CA", organization: "Example", country: "US")
/// name.description    // "CN=Sandbox WWDR CA,O=Example,C=US"
/// name.commonName     // "Sandbox WWDR CA"
/// ```
package struct DistinguishedName: Hashable, Sendable, CustomStringConvertible {
    /// One attribute: a type OID and its value as text.
    package struct Attribute: Hashable, Sendable {
        /// Dotted attribute type OID, e.g. ``commonNameOID``.
        package var oid: String
        /// The value, decoded to UTF-8.
        package var value: String

        package static let commonNameOID = "2.5.4.3"
        package static let countryOID = "2.5.4.6"
        package static let localityOID = "2.5.4.7"
        package static let stateOrProvinceOID = "2.5.4.8"
        package static let organizationOID = "2.5.4.10"
        package static let organizationalUnitOID = "2.5.4.11"

        /// RFC 4514 short names of the attribute types this module names.
        static let shortNames: [String: String] = [
            commonNameOID: "CN", countryOID: "C", localityOID: "L", stateOrProvinceOID: "ST",
            organizationOID: "O", organizationalUnitOID: "OU",
        ]
    }

    /// The attributes in encoding order (the most general, usually C, first).
    /// Multi-valued RDNs are flattened.
    package var attributes: [Attribute]

    package init(_ attributes: [Attribute]) {
        self.attributes = attributes
    }

    /// A name with the usual attributes, encoded C, O, OU, CN (most general first).
    package init(
        commonName: String? = nil, organizationalUnit: String? = nil, organization: String? = nil,
        country: String? = nil
    ) {
        let pairs: [(String, String?)] = [
            (Attribute.countryOID, country), (Attribute.organizationOID, organization),
            (Attribute.organizationalUnitOID, organizationalUnit), (Attribute.commonNameOID, commonName),
        ]
        attributes = pairs.compactMap { oid, value in value.map { Attribute(oid: oid, value: $0) } }
    }

    /// The first value of the attribute `oid`, if present.
    package func value(of oid: String) -> String? {
        attributes.first { $0.oid == oid }?.value
    }

    package var commonName: String? { value(of: Attribute.commonNameOID) }
    package var organization: String? { value(of: Attribute.organizationOID) }
    package var organizationalUnit: String? { value(of: Attribute.organizationalUnitOID) }
    package var country: String? { value(of: Attribute.countryOID) }

    /// RFC 4514 string: most specific attribute first, special characters
    /// escaped; types without a short name appear as dotted OIDs.
    package var description: String {
        attributes.reversed().map { attribute in
            let type = Attribute.shortNames[attribute.oid] ?? attribute.oid
            return "\(type)=\(Self.escape(attribute.value))"
        }.joined(separator: ",")
    }

    static func escape(_ value: String) -> String {
        var result = ""
        let characters = Array(value)
        for (index, character) in characters.enumerated() {
            let needsEscape =
                ",+\"\\<>;=".contains(character)
                || (index == 0 && (character == "#" || character == " "))
                || (index == characters.count - 1 && character == " ")
            if needsEscape { result.append("\\") }
            result.append(character)
        }
        return result
    }

    // MARK: OpenSSL

    /// Reads an `X509_NAME` (borrowed).
    init(borrowing name: OpaquePointer) throws {
        var attributes: [Attribute] = []
        for index in 0..<X509_NAME_entry_count(name) {
            guard let entry = X509_NAME_get_entry(name, index),
                let object = X509_NAME_ENTRY_get_object(entry),
                let data = X509_NAME_ENTRY_get_data(entry)
            else {
                throw CryptoError(.malformedCertificate, "unreadable name attribute")
            }
            let oid = try objectIdentifier(object)
            var utf8: UnsafeMutablePointer<UInt8>?
            let length = ASN1_STRING_to_UTF8(&utf8, data)
            defer { pp_openssl_free(utf8) }
            guard length >= 0, let utf8 else {
                OpenSSLErrorQueue.clear()
                throw CryptoError(.malformedCertificate, "name attribute is not a valid string")
            }
            let value = String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
            attributes.append(Attribute(oid: oid, value: value))
        }
        self.attributes = attributes
    }

    /// A new `X509_NAME` the caller must free.
    func makeX509Name() throws -> OpaquePointer {
        guard let name = X509_NAME_new() else {
            throw OpenSSLErrorQueue.error(.internalFailure, "X509_NAME_new failed")
        }
        for attribute in attributes {
            guard let object = OBJ_txt2obj(attribute.oid, 1) else {
                X509_NAME_free(name)
                OpenSSLErrorQueue.clear()
                throw CryptoError(.invalidArgument, "name attribute type is not an OID")
            }
            defer { ASN1_OBJECT_free(object) }
            let bytes = Array(attribute.value.utf8)
            // MBSTRING_UTF8 lets OpenSSL pick the string type its table mandates
            // (PrintableString for C, UTF8String for the rest) and enforce sizes.
            let ok = X509_NAME_add_entry_by_OBJ(name, object, MBSTRING_UTF8, bytes, Int32(bytes.count), -1, 0)
            guard ok == 1 else {
                X509_NAME_free(name)
                throw OpenSSLErrorQueue.error(.invalidArgument, "name attribute \(attribute.oid) not accepted")
            }
        }
        return name
    }
}

/// The dotted text of an `ASN1_OBJECT`.
func objectIdentifier(_ object: OpaquePointer) throws -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
    guard length > 0, Int(length) < buffer.count else {
        OpenSSLErrorQueue.clear()
        throw CryptoError(.malformedCertificate, "unreadable object identifier")
    }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
