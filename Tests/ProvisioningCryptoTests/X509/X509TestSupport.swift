import Foundation
import ProvisioningCrypto
import TPCDemo

/// Fixed instants so no test depends on the wall clock.
enum TestDates {
    static func utc(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = year
        components.month = month
        components.day = day
        return components.date ?? Date(timeIntervalSince1970: 0)
    }

    /// When sandbox chains are checked.
    static let now = utc(2026, 1, 1)
}

/// Reads files under the test bundle's Fixtures folder.
enum FixtureFiles {
    static func data(_ folder: String, _ name: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/\(folder)")
        else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }

    static func text(_ folder: String, _ name: String) throws -> String {
        String(decoding: try data(folder, name), as: UTF8.self)
    }
}

/// A root → intermediate → leaf chain shaped like Apple's (markers, key usages),
/// issued by ``CertificateBuilder``, with knobs to break one property at a time.
struct SandboxChain {
    static let intermediateCommonName = "PushProvisioning Sandbox WWDR CA"
    static let policy = ApplePayIssuerEncryptionPolicy.sandbox(intermediateCommonName: intermediateCommonName)
    static let leafMarker = Certificate.Extension(
        oid: ApplePayIssuerEncryptionPolicy.leafMarkerOID, isCritical: true, value: [0x05, 0x00])
    static let intermediateMarker = Certificate.Extension(
        oid: ApplePayIssuerEncryptionPolicy.intermediateMarkerOID, isCritical: false, value: [0x05, 0x00])

    let rootKey: AnyPrivateKey
    let root: Certificate
    let intermediateKey: AnyPrivateKey
    let intermediate: Certificate
    let leafKey: AnyPrivateKey
    let leaf: Certificate

    /// The chain as Wallet sends it: leaf, intermediate; no root.
    var presented: [Certificate] { [leaf, intermediate] }
    var presentedDER: [[UInt8]] { presented.map(\.derRepresentation) }
    var verifier: CertificateChainVerifier { CertificateChainVerifier(trustedRoots: [root]) }

    struct Options {
        var rootCommonName = "PushProvisioning Sandbox Root CA"
        var intermediateCommonName = SandboxChain.intermediateCommonName
        var intermediateIsCA = true
        var leafKeyUsage: KeyUsage = [.keyEncipherment, .keyAgreement]
        var leafExtensions: [Certificate.Extension] = [SandboxChain.leafMarker]
        var leafNotBefore = TestDates.utc(2025, 6, 1)
        var leafNotAfter = TestDates.utc(2027, 6, 1)
        var leafKey: AnyPrivateKey?
    }

    init(_ options: Options = Options()) throws {
        rootKey = .p256(try P256.PrivateKey())
        root = try CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(
                commonName: options.rootCommonName, organizationalUnit: "Sandbox Certification Authority",
                organization: "PushProvisioning", country: "US"),
            publicKey: rootKey.publicKey, notValidBefore: TestDates.utc(2025, 1, 1),
            notValidAfter: TestDates.utc(2040, 1, 1)
        ).selfSigned(with: rootKey)

        intermediateKey = .p256(try P256.PrivateKey())
        var intermediateBuilder = CertificateBuilder.certificateAuthority(
            subject: DistinguishedName(
                commonName: options.intermediateCommonName, organizationalUnit: "Sandbox Certification Authority",
                organization: "PushProvisioning", country: "US"),
            publicKey: intermediateKey.publicKey, notValidBefore: TestDates.utc(2025, 1, 1),
            notValidAfter: TestDates.utc(2035, 1, 1), pathLengthConstraint: 0,
            extensions: [SandboxChain.intermediateMarker])
        if !options.intermediateIsCA {
            intermediateBuilder.basicConstraints = .notCA
            intermediateBuilder.keyUsage = [.digitalSignature]
        }
        intermediate = try intermediateBuilder.signed(by: root, key: rootKey)

        leafKey = try options.leafKey ?? .p256(P256.PrivateKey())
        leaf = try CertificateBuilder.endEntity(
            subject: DistinguishedName(
                commonName: "ecc-crypto-services-encipherment_UC4-PROD", organization: "Sandbox"),
            publicKey: leafKey.publicKey, keyUsage: options.leafKeyUsage, notValidBefore: options.leafNotBefore,
            notValidAfter: options.leafNotAfter, extensions: options.leafExtensions
        ).signed(by: intermediate, key: intermediateKey)
    }
}

/// Runs the `openssl` command-line tool in a private temporary folder.
struct OpenSSLCommandLine {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pp-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    func write(_ name: String, _ bytes: some Collection<UInt8>) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    func write(_ name: String, _ text: String) throws {
        try write(name, Array(text.utf8))
    }

    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    /// Runs `openssl arguments…` with the folder as working directory,
    /// through TPCDemo's `ChildProcess` (bounded, holding no thread).
    func run(_ arguments: [String]) async throws -> Result {
        let result = try await ChildProcess.run(
            ["openssl"] + arguments, directory: directory.path, timeout: .seconds(120))
        return Result(status: result.exit.shellStatus, output: result.outputText, errorOutput: result.errorText)
    }
}
