import Foundation
import ProvisioningAPI
import ProvisioningCrypto

/// What the service cannot serve without, checked before `tpc serve` opens its
/// database (``startUp(configuration:pinnedRoots:openAPIDocument:now:)``) and
/// again, for what time alone can break, by `/readyz`
/// (``certificateReadiness(now:)``).
///
/// At start-up: the OpenAPI document parses, every issuer's keys and secrets
/// load (``Issuer/init(settings:)``), and every certificate the service relies
/// on — the pinned roots Apple's chains are verified against and each issuer's
/// payload certificate — is valid now. Once loaded, keys and documents stay in
/// memory; what can fail later is a certificate's validity running out, which
/// readiness follows (the database is the other readiness check).
///
/// ```swift
/// let check = try ServiceSelfCheck.startUp(
///     configuration: configuration, pinnedRoots: [try TrustAnchors.appleRootCAG3], now: Date())
/// print(check.certificateReadiness(now: Date()).status)  // UP
/// ```
package struct ServiceSelfCheck: Sendable {
    /// A certificate the service relies on, with what it is for messages.
    package struct WatchedCertificate: Hashable, Sendable {
        /// "pinned root Apple Root CA - G3", "payload certificate of issuer bank-1".
        package var name: String
        /// The certificate.
        package var certificate: Certificate
    }

    /// The certificates whose validity readiness follows.
    package let certificates: [WatchedCertificate]

    /// Watches `pinnedRoots` and the payload certificates of `issuers`.
    package init(pinnedRoots: [Certificate], issuers: [Issuer]) {
        certificates =
            pinnedRoots.map { WatchedCertificate(name: "pinned root \(Self.label($0))", certificate: $0) }
            + issuers.sorted { $0.id < $1.id }.map {
                WatchedCertificate(name: "payload certificate of issuer \($0.id)", certificate: $0.payloadCertificate)
            }
    }

    /// The start-up check: everything the service loads once, loaded and
    /// checked now.
    ///
    /// - Parameters:
    ///   - configuration: the issuers and settings to serve.
    ///   - pinnedRoots: the roots Apple's chains will be verified against.
    ///   - openAPIDocument: the document `/openapi.json` serves.
    ///   - now: the time certificates must be valid at.
    /// - Returns: the check that ``certificateReadiness(now:)`` repeats.
    /// - Throws: ``ServiceError`` naming the first thing that cannot be
    ///   used: an issuer's key or secret (its field and file), the OpenAPI
    ///   document, or a certificate outside its validity (`unusable-certificate`).
    package static func startUp(
        configuration: IssuerConfiguration, pinnedRoots: [Certificate], openAPIDocument: Data = OpenAPIDocument.data(),
        now: Date
    ) throws(ServiceError) -> ServiceSelfCheck {
        let document = try? JSONSerialization.jsonObject(with: openAPIDocument) as? [String: Any]
        guard document?["openapi"] is String else {
            throw ServiceError(
                .invalidJSON, field: "(built-in) openapi.json", "the OpenAPI document does not parse")
        }
        var issuers: [Issuer] = []
        for settings in configuration.issuers {
            do {
                issuers.append(try Issuer(settings: settings))
            } catch {
                throw ServiceError.configuration(error, issuerId: settings.id)
            }
        }
        let check = ServiceSelfCheck(pinnedRoots: pinnedRoots, issuers: issuers)
        if let problem = check.firstInvalid(at: now) {
            throw ServiceError(.unusableCertificate, field: problem.name, problem.detail)
        }
        return check
    }

    /// The readiness check `certificates`: up while every watched certificate
    /// is valid at `now`, else down naming the first that is not.
    package func certificateReadiness(now: Date) -> ReadinessCheck {
        guard let problem = firstInvalid(at: now) else {
            return ReadinessCheck(name: "certificates", status: .up)
        }
        return ReadinessCheck(name: "certificates", status: .down, detail: "the \(problem.name) \(problem.detail)")
    }

    private func firstInvalid(at now: Date) -> (name: String, detail: String)? {
        for watched in certificates {
            let certificate = watched.certificate
            if now < certificate.notValidBefore {
                return (watched.name, "is not valid before \(Self.timestamp(certificate.notValidBefore))")
            }
            if now > certificate.notValidAfter {
                return (watched.name, "expired at \(Self.timestamp(certificate.notValidAfter))")
            }
        }
        return nil
    }

    private static func label(_ certificate: Certificate) -> String {
        certificate.subject.commonName ?? certificate.subject.description
    }

    private static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
