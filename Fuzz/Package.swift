// swift-tools-version:6.0
import PackageDescription

// libFuzzer executables, built only by `make fuzz` with
// `swift build --sanitize=address` and libFuzzer's coverage instrumentation
// (scripts/fuzz.sh). They live in their own package because a fuzzer's `main`
// comes from libFuzzer: in the main package a normal `swift build` would link
// them without one. Only these executables link libFuzzer (`-sanitize=fuzzer`
// at link time) and each enters it from a `main` of its own (CFuzzDriver):
// `swift build --sanitize=fuzzer` would give libFuzzer's `main` to the build
// tool that generates ProvisioningAPI's wire types too, which has one. Each holds only the
// `LLVMFuzzerTestOneInput` entry; the logic is the `ProvisioningFuzzing` module
// (product `_ProvisioningFuzzing`, for this package only), which the main
// package's FuzzRegressionTests replays.
let targetNames = [
    "request-bodies", "cms", "certificate-chain", "jwt", "deep-link", "doctor-plist", "http", "http-framing",
]

let package = Package(
    name: "PushProvisioningFuzz",
    platforms: [.macOS(.v14)],
    products: targetNames.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
    dependencies: [.package(name: "PushProvisioning", path: "..")],
    targets: [.target(name: "CFuzzDriver")]
        + targetNames.map { name in
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["CFuzzDriver", .product(name: "_ProvisioningFuzzing", package: "PushProvisioning")],
                path: "Sources/\(name)",
                linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
            )
        },
    swiftLanguageModes: [.v6]
)
