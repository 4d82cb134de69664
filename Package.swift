// swift-tools-version:6.2
import PackageDescription

// The C layer: each Debian library is wrapped once, and only the matching Swift
// module imports it (docs/architecture.md, "Modules", its rules) — OpenSSL aside:
// ProvisioningHTTP's server and client use its TLS (libssl) too.
let cLayer: [Target] = [
    .systemLibrary(
        name: "COpenSSL",
        pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .target(
        name: "COpenSSLShims",
        dependencies: ["COpenSSL"]
    ),
    // The Linux calls of ProvisioningHTTP's server that Swift cannot make
    // itself: epoll (a packed struct), eventfd, accept4, thread names.
    .target(name: "CEventLoop"),
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
        name: "CPostgres",
        pkgConfig: "libpq",
        providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    // The posix_spawn file actions glibc declares only under _GNU_SOURCE, for
    // TPCDemo's ChildProcess (the launcher of the demo, the bench and the tests).
    .target(name: "CProcessSpawn"),
]

let serverSide: [Target] = [
    .target(
        name: "ProvisioningCrypto",
        dependencies: ["COpenSSL", "COpenSSLShims", "ProvisioningPrimitives"],
        // Apple's certificates are compiled in (Generated/, `make generate`):
        // `tpc` needs no resource bundle beside it.
        exclude: ["Resources"]
    ),
    // An HTTP/1.1 server of its own (event loops on epoll, TLS by OpenSSL),
    // and a small HTTP/1.1 client on OpenSSL (the service's own calls, so
    // `tpc` links no FoundationNetworking).
    .target(
        name: "ProvisioningHTTP",
        dependencies: ["CEventLoop", "COpenSSL", "COpenSSLShims", "ProvisioningAPI", "ProvisioningPrimitives"]
    ),
    .target(
        name: "ProvisioningStorage",
        dependencies: ["CSQLite", "CPostgres", "ProvisioningPrimitives"]
    ),
    .target(
        name: "ProvisioningService",
        dependencies: [
            "ProvisioningCrypto", "ProvisioningAPI", "ProvisioningStorage", "ProvisioningHTTP",
            "ProvisioningPrimitives",
        ]
    ),
    // Mastercard's MDES: the Customer Service API connector, its OAuth 1.0a
    // signing and the TAV that issuer-initiated provisioning carries
    // (docs/networks.md). The sandbox's MDES endpoint verifies with it too.
    .target(
        name: "MastercardMDES",
        dependencies: [
            "ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "ProvisioningHTTP",
            "ProvisioningPrimitives",
        ]
    ),
    .target(
        name: "SandboxNetwork",
        dependencies: [
            "ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "ProvisioningStorage", "ProvisioningHTTP",
            "ProvisioningPrimitives", "MastercardMDES",
        ]
    ),
]

// The wire contract shared by the service and the SDK: Foundation only, so it
// builds for iOS unchanged (docs/architecture.md, "Modules", its rules). And the
// primitives more than one module needs, written once (CRC-32 and Adler-32,
// `Locked`, civil dates, hex): Foundation only too, as the SDK links them.
let shared: [Target] = [
    .target(name: "ProvisioningPrimitives"),
    .target(
        name: "ProvisioningAPI",
        dependencies: ["ProvisioningPrimitives"],
        // Compiled in as Generated/OpenAPIDocument+Embedded.swift (`make generate`);
        // its schemas — objects, enumerations, extensible enums — become the wire
        // types at every build (WireTypes).
        exclude: ["openapi.json"],
        plugins: ["WireTypes"]
    ),
    // A build tool, Foundation only: it runs on the machine that builds, for
    // whichever platform the wire contract is built.
    .executableTarget(name: "WireTypeGenerator"),
    .plugin(name: "WireTypes", capability: .buildTool(), dependencies: ["WireTypeGenerator"]),
]

// The client side. PassKitEmulation stands in for PassKit where it does not
// exist; it never ships to iOS (client code imports it only when
// `canImport(PassKit)` is false), which is why it alone among client modules
// may use ProvisioningCrypto (and so OpenSSL): a simulated device must sign
// Apple's nonce with ECDSA P-256, which Foundation on Linux cannot do. The SDK
// modules (PushProvisioning, WalletExtensions, DigitalCards) stay Foundation
// + PassKit only (docs/architecture.md, "Modules", its rules).
//
// Apple documents the add-payment-pass sheet (PKAddPaymentPassViewController,
// PKAddPaymentPassRequest and its configuration) and the issuer provisioning
// extensions for iOS, iPadOS, Mac Catalyst and visionOS only, and Wallet's
// activate(_:activationData:) everywhere but watchOS. The SDK compiles that
// code where it exists (and on Linux, against the emulation); on macOS and
// watchOS it keeps the rest: the pass library, token lifecycle, deep links.
// scripts/check-apple-conformance.sh compiles each profile against stubs of
// Apple's interfaces.
let clientPlatformFeatures: [SwiftSetting] = [
    .define("ADD_PAYMENT_PASS_AVAILABLE", .when(platforms: [.iOS, .macCatalyst, .visionOS, .linux])),
    .define("PASS_ACTIVATION_AVAILABLE", .when(platforms: [.iOS, .macCatalyst, .visionOS, .macOS, .linux])),
]

let clientSide: [Target] = [
    // Apple's PassKit, WatchConnectivity and UIKit enumerations for the
    // emulation, built with library evolution as Apple's frameworks are: not
    // frozen, so a `switch` over them needs `@unknown default` on Linux as on
    // iOS. Stdlib only: Linux's Foundation is not built for library
    // evolution, and a resilient module importing it warns.
    .target(
        name: "PassKitEmulationEnums",
        swiftSettings: [.unsafeFlags(["-enable-library-evolution"])]
    ),
    .target(
        name: "PassKitEmulation",
        dependencies: ["PassKitEmulationEnums", "ProvisioningAPI", "ProvisioningCrypto", "ProvisioningPrimitives"]
    ),
    .target(
        name: "PushProvisioning",
        dependencies: [
            "ProvisioningAPI", "ProvisioningPrimitives",
            .target(name: "PassKitEmulation", condition: .when(platforms: [.linux])),
        ],
        swiftSettings: clientPlatformFeatures
    ),
    .target(
        name: "WalletExtensions",
        dependencies: [
            "PushProvisioning", "ProvisioningPrimitives",
            .target(name: "PassKitEmulation", condition: .when(platforms: [.linux])),
        ],
        swiftSettings: clientPlatformFeatures
    ),
    // The checks behind `tpc doctor`: Foundation only.
    .target(name: "ProvisioningDoctor", dependencies: ["ProvisioningPrimitives"]),
    // The issuer wallet (seed 004). Foundation only: its P-256, HMAC and
    // AES-GCM come from CryptoKit on Apple platforms, and elsewhere from a
    // `WalletCryptoProvider` injected at configuration time.
    .target(
        name: "DigitalCards",
        dependencies: ["ProvisioningAPI", "ProvisioningPrimitives"]
    ),
    // That provider for Linux, on OpenSSL. Never shipped to iOS; like
    // PassKitEmulation it may use ProvisioningCrypto because it only serves
    // the platforms without CryptoKit (tests, the demo, `tpc`).
    .target(
        name: "DigitalCardsOpenSSL",
        dependencies: ["DigitalCards", "ProvisioningCrypto"]
    ),
]

let tools: [Target] = [
    .target(name: "TPCCommandLine", dependencies: ["ProvisioningPrimitives"]),
    // The issuer's client tools (back office, codes, payloads), shared by `tpc`
    // and `tpc-demo`; on HTTPServer's client, not URLSession.
    .target(
        name: "IssuerTools",
        dependencies: ["ProvisioningAPI", "ProvisioningCrypto", "ProvisioningHTTP", "ProvisioningPrimitives"]
    ),
    // `tpc demo`: a library so that it can be tested; it drives the real SDK
    // and emulation.
    .target(
        name: "TPCDemo",
        dependencies: [
            "PushProvisioning", "PassKitEmulation", "ProvisioningAPI", "ProvisioningCrypto", "ProvisioningHTTP",
            "WalletExtensions", "DigitalCards", "DigitalCardsOpenSSL", "IssuerTools", "CProcessSpawn",
            "ProvisioningPrimitives",
        ]
    ),
    // The server binary stays free of the SDK and of FoundationNetworking
    // (curl and its TLS stack): `tpc demo` execs the sibling `tpc-demo`.
    .executableTarget(
        name: "tpc",
        dependencies: [
            "TPCCommandLine", "ProvisioningService", "SandboxNetwork", "ProvisioningCrypto", "ProvisioningAPI",
            "ProvisioningStorage", "ProvisioningHTTP", "ProvisioningDoctor", "IssuerTools", "MastercardMDES",
        ]
    ),
    .executableTarget(
        name: "tpc-demo",
        dependencies: ["TPCCommandLine", "TPCDemo", "PassKitEmulation"]
    ),
    .executableTarget(
        name: "tpc-bench",
        dependencies: [
            "ProvisioningCrypto", "ProvisioningAPI", "ProvisioningHTTP", "ProvisioningStorage", "WalletExtensions",
            "PassKitEmulation",
            "DigitalCards", "DigitalCardsOpenSSL", "ProvisioningPrimitives",
            // The SDK and issuer-wallet figures start their sandbox through
            // TPCDemo's launcher and bank, as the demo does; TPCCommandLine
            // finds the `tpc` beside `tpc-bench`.
            "PushProvisioning", "TPCDemo", "TPCCommandLine",
        ],
        path: "Sources/Bench"
    ),
]

// The entry logic of the libFuzzer targets (Fuzz/Package.swift builds the
// sanitized executables around it; FuzzRegressionTests replays the corpora).
let fuzzing: [Target] = [
    .target(
        name: "ProvisioningFuzzing",
        dependencies: [
            "ProvisioningAPI", "ProvisioningCrypto", "ProvisioningHTTP", "PushProvisioning", "ProvisioningDoctor",
        ]
    ),
    .testTarget(
        name: "FuzzRegressionTests",
        dependencies: ["ProvisioningFuzzing"]
    ),
]

// The seeds' samples are compiled as written, and as written they bind values
// they never read and call the API that the SDK keeps for them but deprecates.
// Their warnings are the samples', not the SDK's: these two targets hold
// nothing but the samples and the tests that run them.
let seedSamplesAsWritten: [SwiftSetting] = [.unsafeFlags(["-suppress-warnings"])]

let tests: [Target] = [
    // Helpers shared by test targets only: the `tpc` launcher, the sandbox
    // server, the issuer's backend, the SDK's end-to-end harness, throwaway
    // PostgreSQL, the Python interop runner. No product (nor tpc-bench) depends
    // on it. Child processes start through TPCDemo's ChildProcess, the package's
    // one launcher; `tpc` is found as tpc-demo finds it (TPCCommandLine).
    .target(
        name: "TestSupport",
        dependencies: [
            "ProvisioningAPI", "ProvisioningCrypto", "PushProvisioning", "PassKitEmulation", "TPCDemo",
            "TPCCommandLine",
        ],
        path: "Tests/TestSupport"
    ),
    .testTarget(
        name: "ProvisioningCryptoTests",
        dependencies: ["ProvisioningCrypto", "TestSupport", "TPCDemo"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "ProvisioningAPITests",
        dependencies: ["ProvisioningAPI"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "HTTPServerTests",
        dependencies: ["ProvisioningHTTP", "ProvisioningAPI", "TPCDemo", "TestSupport"]
    ),
    .testTarget(
        name: "StorageTests",
        dependencies: ["ProvisioningStorage", "TestSupport"]
    ),
    .testTarget(
        name: "ProvisioningServiceTests",
        dependencies: [
            "ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "ProvisioningStorage", "ProvisioningHTTP",
            "ProvisioningPrimitives",
            // The lifecycle with the real MDES connector against a scripted API.
            "MastercardMDES",
        ],
        resources: [.copy("Fixtures")]
    ),
    // Against Mastercard's own code: its OAuth signer and Customer Service
    // client (PyPI, in .venv), and a TAV check written from its description.
    .testTarget(
        name: "MastercardMDESTests",
        dependencies: [
            "MastercardMDES", "ProvisioningService", "ProvisioningCrypto", "ProvisioningHTTP", "TestSupport",
            // ChildProcess, to make a PKCS #12 file with the openssl command line.
            "TPCDemo",
        ]
    ),
    .testTarget(
        name: "SandboxNetworkTests",
        dependencies: [
            "SandboxNetwork", "ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "ProvisioningStorage",
            "ProvisioningHTTP",
            "TestSupport",
        ]
    ),
    // Drives the real `tpc serve --sandbox` binary over HTTP (SQLite and
    // PostgreSQL); Storage only to count and scan rows for verification.
    .testTarget(
        name: "EndToEndTests",
        dependencies: ["ProvisioningCrypto", "ProvisioningAPI", "ProvisioningStorage", "TestSupport", "TPCDemo"]
    ),
    .testTarget(
        name: "PassKitEmulationTests",
        dependencies: ["PassKitEmulation", "ProvisioningAPI", "ProvisioningCrypto", "TestSupport"]
    ),
    .testTarget(
        name: "PushProvisioningTests",
        dependencies: [
            "PushProvisioning", "PassKitEmulation", "ProvisioningAPI", "ProvisioningCrypto",
            "TestSupport",
        ]
    ),
    .testTarget(
        name: "SeedSamplesTests",
        dependencies: ["PushProvisioning", "PassKitEmulation", "ProvisioningAPI", "TestSupport"],
        swiftSettings: seedSamplesAsWritten
    ),
    .testTarget(
        name: "WalletExtensionsTests",
        dependencies: [
            "WalletExtensions", "PushProvisioning", "PassKitEmulation", "ProvisioningAPI",
            "ProvisioningPrimitives", "TestSupport",
        ]
    ),
    .testTarget(
        name: "ProvisioningDoctorTests",
        dependencies: ["ProvisioningDoctor"],
        resources: [.copy("Fixtures")]
    ),
    // The wallet's test world: a sandbox, the bank's codes and payloads, a
    // storage directory per simulated device.
    .target(
        name: "DigitalCardsTestSupport",
        dependencies: [
            "DigitalCards", "DigitalCardsOpenSSL", "ProvisioningAPI", "ProvisioningCrypto",
            "TestSupport",
        ],
        path: "Tests/DigitalCardsTestSupport"
    ),
    // The wallet against a real `tpc serve --sandbox`: lifecycle, payments,
    // art, cache, bad input; and seed 004's two functions as written.
    .testTarget(
        name: "DigitalCardsTests",
        dependencies: [
            "DigitalCards", "DigitalCardsOpenSSL", "ProvisioningAPI", "ProvisioningCrypto",
            "TestSupport", "DigitalCardsTestSupport",
        ],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "DigitalCardsSeedTests",
        dependencies: [
            "DigitalCards", "DigitalCardsOpenSSL", "ProvisioningAPI", "TestSupport",
            "DigitalCardsTestSupport",
        ],
        swiftSettings: seedSamplesAsWritten
    ),
    .testTarget(
        name: "TPCCommandLineTests",
        dependencies: ["TPCCommandLine"]
    ),
    // The generator of ProvisioningAPI's wire types (its output is checked by
    // every suite that encodes or decodes the contract).
    .testTarget(
        name: "WireTypeGeneratorTests",
        dependencies: ["WireTypeGenerator", "ProvisioningAPI"]
    ),
    .testTarget(
        name: "TPCDemoTests",
        dependencies: ["TPCDemo", "ProvisioningAPI", "ProvisioningCrypto", "TestSupport"]
    ),
]

let package = Package(
    name: "PushProvisioning",
    // The client products build for each (the add sheet and the Wallet
    // extensions only where Apple has them, see clientPlatformFeatures); the
    // service and the tools are for macOS and Linux.
    platforms: [.macOS(.v14), .iOS(.v17), .macCatalyst(.v17), .visionOS(.v1), .watchOS(.v10)],
    // What another package may depend on: the SDK (PushProvisioning,
    // WalletExtensions, DigitalCards), the emulation and the wallet's OpenSSL
    // crypto for Linux, and `tpc`. Every other module is internal to this
    // package (its API is `package`); `tpc-demo` and `tpc-bench` build as the
    // root package's executables (`swift build --product tpc-demo`).
    // `_ProvisioningFuzzing` exists only for Fuzz/Package.swift.
    products: [
        .library(name: "PushProvisioning", targets: ["PushProvisioning"]),
        .library(name: "WalletExtensions", targets: ["WalletExtensions"]),
        .library(name: "DigitalCards", targets: ["DigitalCards"]),
        .library(name: "PassKitEmulation", targets: ["PassKitEmulation"]),
        .library(name: "DigitalCardsOpenSSL", targets: ["DigitalCardsOpenSSL"]),
        .executable(name: "tpc", targets: ["tpc"]),
        .library(name: "_ProvisioningFuzzing", targets: ["ProvisioningFuzzing"]),
    ],
    targets: cLayer + serverSide + shared + clientSide + tools + tests + fuzzing,
    swiftLanguageModes: [.v6]
)

// The Makefile builds with PP_WARNINGS_AS_ERRORS=1, so a warning anywhere in the
// product or its tests fails `make test` (and CI). Only there: a package that
// depends on this one builds without unsafe flags. The seed samples keep their
// warnings, compiled as written (seedSamplesAsWritten); C targets have no
// Swift to check.
if Context.environment["PP_WARNINGS_AS_ERRORS"] == "1" {
    let cTargets: Set<String> = ["COpenSSLShims", "CEventLoop", "CProcessSpawn"]
    let seedTargets: Set<String> = ["SeedSamplesTests", "DigitalCardsSeedTests"]
    for target in package.targets
    where target.type != .system && target.type != .plugin && !cTargets.contains(target.name)
        && !seedTargets.contains(target.name)
    {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
    }
}
