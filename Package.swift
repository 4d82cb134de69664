// swift-tools-version:6.0
import PackageDescription

// The C layer: each Debian library is wrapped once, and only the matching Swift
// module imports it (see DESIGN.md, "Rules between parts").
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
    .systemLibrary(
        name: "CMicroHTTPD",
        pkgConfig: "libmicrohttpd",
        providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    .target(
        name: "CMicroHTTPDShims",
        dependencies: ["CMicroHTTPD"]
    ),
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
]

let serverSide: [Target] = [
    .target(
        name: "ProvisioningCrypto",
        dependencies: ["COpenSSL", "COpenSSLShims"],
        resources: [.copy("Resources/AppleRootCA-G3.pem"), .copy("Resources/AppleWWDRCA-G2.pem")]
    ),
    .target(
        name: "HTTPServer",
        dependencies: ["CMicroHTTPD", "CMicroHTTPDShims"]
    ),
    .target(
        name: "Storage",
        dependencies: ["CSQLite", "CPostgres"]
    ),
    .target(
        name: "ProvisioningService",
        dependencies: ["ProvisioningCrypto", "ProvisioningAPI", "Storage", "HTTPServer"]
    ),
    .target(
        name: "SandboxNetwork",
        dependencies: ["ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "Storage", "HTTPServer"]
    ),
]

// The wire contract shared by the service and the SDK: Foundation only, so it
// builds for iOS unchanged (see DESIGN.md, "Rules between parts").
let shared: [Target] = [
    .target(
        name: "ProvisioningAPI",
        resources: [.copy("openapi.json")]
    )
]

let tools: [Target] = [
    .target(name: "TPCCommandLine"),
    .executableTarget(
        name: "tpc",
        dependencies: [
            "TPCCommandLine", "ProvisioningService", "SandboxNetwork", "ProvisioningCrypto", "ProvisioningAPI",
            "Storage", "HTTPServer",
        ]
    ),
    .executableTarget(
        name: "tpc-bench",
        dependencies: ["ProvisioningCrypto", "ProvisioningAPI", "HTTPServer", "Storage"],
        path: "Sources/Bench"
    ),
]

let tests: [Target] = [
    .testTarget(
        name: "ProvisioningCryptoTests",
        dependencies: ["ProvisioningCrypto"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "ProvisioningAPITests",
        dependencies: ["ProvisioningAPI"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "HTTPServerTests",
        dependencies: ["HTTPServer"]
    ),
    .testTarget(
        name: "StorageTests",
        dependencies: ["Storage"]
    ),
    .testTarget(
        name: "ProvisioningServiceTests",
        dependencies: ["ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "Storage", "HTTPServer"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "SandboxNetworkTests",
        dependencies: [
            "SandboxNetwork", "ProvisioningService", "ProvisioningCrypto", "ProvisioningAPI", "Storage", "HTTPServer",
        ]
    ),
    .testTarget(
        name: "TPCCommandLineTests",
        dependencies: ["TPCCommandLine"]
    ),
]

let package = Package(
    name: "PushProvisioning",
    platforms: [.macOS(.v14), .iOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "ProvisioningCrypto", targets: ["ProvisioningCrypto"]),
        .library(name: "ProvisioningAPI", targets: ["ProvisioningAPI"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "ProvisioningService", targets: ["ProvisioningService"]),
        .library(name: "SandboxNetwork", targets: ["SandboxNetwork"]),
        .library(name: "TPCCommandLine", targets: ["TPCCommandLine"]),
        .executable(name: "tpc", targets: ["tpc"]),
        .executable(name: "tpc-bench", targets: ["tpc-bench"]),
    ],
    targets: cLayer + serverSide + shared + tools + tests,
    swiftLanguageModes: [.v6]
)
