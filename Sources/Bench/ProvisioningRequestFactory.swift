import Foundation
import ProvisioningAPI
import ProvisioningCrypto
import Synchronization

/// Makes unique, valid add-card requests for the sandbox issuer of a running
/// `tpc serve --sandbox`, as the bank's backend and Wallet together would:
/// a fresh authorization code (own `jti`), a CMS payload for the issuer's
/// payload certificate, the sandbox's Apple chain and a fresh nonce.
///
/// The provisioning endpoint only requires the nonce to be unused (it records
/// its digest); whether Apple issued it and the device's signature over it are
/// checked on Apple's side (the sandbox's add-pass endpoint), not by the
/// service. So nonces here are 32 random bytes and the signature is a real
/// ECDSA signature by one simulated device key, made while generating, never
/// during the measured load.
struct ProvisioningRequestFactory: Sendable {
    let issuerId: String
    let audience: String
    let keyID: String
    let codeKey: P256.PrivateKey
    let payloadKey: AnyPrivateKey
    let payloadCertificate: Certificate
    let chain: [Certificate]
    let deviceKey: P256.PrivateKey
    let path: String
    let hostHeader: String

    /// The card every request provisions (Visa test PAN; the endpoint does not
    /// ask the network, so the card's sandbox outcome does not matter here).
    static let pan = "4111111111111111"

    /// Reads the issuer files named by `sandbox.json` in `sandboxDirectory` and
    /// the chain the sandbox serves.
    init(sandboxDirectory: URL, chain: [Certificate], host: String, port: Int) throws {
        let summaryData = try Data(contentsOf: sandboxDirectory.appendingPathComponent("sandbox.json"))
        let summary = try JSONDecoder().decode([String: String].self, from: summaryData)
        func value(_ key: String) throws -> String {
            guard let value = summary[key] else { throw BenchError(.missingPrerequisite, "sandbox.json lacks \(key)") }
            return value
        }
        func file(_ key: String) throws -> String {
            try String(contentsOf: sandboxDirectory.appendingPathComponent(try value(key)), encoding: .utf8)
        }
        issuerId = try value("issuerId")
        audience = try value("audience")
        keyID = try value("kid")
        codeKey = try P256.PrivateKey(pemRepresentation: try file("codeKeyFile"))
        payloadKey = try AnyPrivateKey(pemRepresentation: try file("payloadKeyFile"))
        payloadCertificate = try Certificate(pemRepresentation: try file("payloadCertificateFile"))
        self.chain = chain
        deviceKey = try P256.PrivateKey()
        path = try value("basePath") + "/v1/issuers/\(try value("issuerId"))/applepay/provisioning"
        hostHeader = "\(host):\(port)"
    }

    /// The card's expiry, three years ahead, as `MM/YY`.
    static func expiration(now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = calendar.dateComponents([.year, .month], from: now)
        let year = (components.year ?? 2025) + 3
        return String(format: "%02d/%02d", components.month ?? 12, year % 100)
    }

    /// The card payload JSON the bank encrypts.
    func payloadJSON(cardRef: String, now: Date) throws -> [UInt8] {
        let json: [String: String] = [
            "primaryAccountNumber": Self.pan, "expiration": Self.expiration(now: now),
            "cardholderName": "Bench Cardholder", "cardReference": cardRef,
        ]
        return Array(try JSONEncoder().encode(json))
    }

    /// A provisioning code for `cardRef`, valid for five minutes from `now`.
    func authorizationCode(cardRef: String, now: Date) throws -> String {
        var claims = JWTClaims(
            issuer: issuerId, audience: [audience], expiresAt: now.addingTimeInterval(300), issuedAt: now,
            jwtID: "bench-" + Hex.encode(try SecureRandom.bytes(count: 12)))
        claims[custom: "scope"] = .string("provision")
        claims[custom: "cardRef"] = .string(cardRef)
        return try JWT.sign(claims, algorithm: .es256, key: .p256(codeKey), keyID: keyID)
    }

    /// One complete HTTP/1.1 request (keep-alive), ready to write to a socket.
    func makeRequest(now: Date) throws -> [UInt8] {
        let cardRef = "bench-" + Hex.encode(try SecureRandom.bytes(count: 6))
        let nonce = try SecureRandom.bytes(count: 32)
        let payload = try CMSEnvelopedData.encrypt(try payloadJSON(cardRef: cardRef, now: now), for: payloadCertificate)
        let request = ApplePayProvisioningRequest(
            scheme: .visa, encryptedPayload: CMSEnvelopedData.base64EncodedString(der: payload),
            authorizationCode: try authorizationCode(cardRef: cardRef, now: now),
            certificateChain: chain.map { Data($0.derRepresentation) }, nonce: Data(nonce),
            nonceSignature: Data(try deviceKey.signature(for: nonce).derRepresentation))
        let body = try JSONEncoder.provisioningAPI.encode(request)
        let head =
            "POST \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nContent-Type: application/json\r\n"
            + "Accept: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }

    /// `count` requests, made on every core (the server is idle meanwhile).
    func makeRequests(count: Int) throws -> [[UInt8]] {
        let now = Date()
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let slices = Mutex<[Int: [[UInt8]]]>([:])
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let share = count / workers + (worker < count % workers ? 1 : 0)
            var made: [[UInt8]] = []
            made.reserveCapacity(share)
            do {
                for _ in 0..<share { made.append(try makeRequest(now: now)) }
            } catch {
                failure.withLock { $0 = error }
            }
            slices.withLock { $0[worker] = made }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return slices.withLock { slices in (0..<workers).flatMap { slices[$0] ?? [] } }
    }
}
