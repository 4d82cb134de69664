import Foundation
import PassKitEmulation
import ProvisioningAPI
import ProvisioningCrypto
import PushProvisioning
import TPCDemo

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tpc-bench sdk [TPC_BINARY]`: the SDK's figures against a `tpc serve
/// --sandbox` it starts itself (``BenchSandbox``: the `tpc` built next to
/// `tpc-bench`, or `TPC_BINARY`), with the demo's bank (`DemoBank`) for codes
/// and payloads.
///
/// * `getToken` on a simulated iPhone whose pass store holds 1,000 passes,
///   written straight into the store (the file a wallet directory keeps per
///   device) instead of 1,000 provisionings; baseline: reading and decoding
///   that store alone.
/// * One provisioning call through `TPCSDK.generateAddPaymentPassRequestForInput`
///   against the bare `URLSession` POST of the same request body to the same
///   server, alternated, each with a fresh nonce, code and payload; only the
///   call itself is timed.
enum SDKBench {
    static let passCount = 1_000
    static let getTokenCalls = 500
    static let provisioningPairs = 150

    static func run(_ arguments: [String]) async throws {
        try await BenchSandbox.with("sdk", server: arguments.first) { service, directory in
            try await getTokenFigures(service, wallet: directory.appendingPathComponent("wallet"))
            try await provisioningFigures(service, bank: try DemoBank(service: service))
        }
    }

    // MARK: getToken over 1,000 passes

    private static func getTokenFigures(_ sandbox: ServiceEndpoint, wallet directory: URL) async throws {
        let wallet = try await SimulatedWallet.create(
            in: directory, sandboxURL: sandbox.baseURL, iPhoneName: "Bench iPhone")
        let store = try fillPassStore(of: wallet)
        SimulatedWallet.install(wallet)
        defer { SimulatedWallet.install(nil) }
        TPCSDK.reset()
        try TPCSDK.configure(url: sandbox.baseURL.absoluteString, issuerId: "sandbox-bank")
        // The pass in the middle of the list, so that the whole list is read.
        let wanted = GetTokenInput(last4: suffix(passCount / 2))

        var storeTimes: [Duration] = []
        var lookupTimes: [Duration] = []
        for _ in 0..<getTokenCalls {
            storeTimes.append(
                try time {
                    let list = try JSONDecoder.provisioningAPI.decode(
                        SandboxPassList.self, from: Data(contentsOf: store))
                    guard list.passes.count == passCount else {
                        throw BenchError(.measurementFailed, "the pass store is incomplete")
                    }
                })
            lookupTimes.append(
                try time {
                    guard try TPCSDK.getToken(input: wanted).localPass != nil else {
                        throw BenchError(.measurementFailed, "getToken did not find the pass")
                    }
                })
        }
        // Targets are ratios to reading the emulated store: that read (a JSON
        // file decoded on every call, so that an app and its extensions see one
        // Wallet) is the emulation's cost, not the SDK's; the SDK's own lookup
        // must add at most a fifth to it.
        for (label, fraction) in [("p50", 0.5), ("p99", 0.99)] {
            let baseline = "sdk.pass_store_decode_1000.\(label)_ms"
            BenchFigure(name: baseline, value: milliseconds(percentile(storeTimes, fraction)), unit: "ms").emit()
            BenchFigure(
                name: "sdk.get_token_1000_passes.\(label)_ms", value: milliseconds(percentile(lookupTimes, fraction)),
                unit: "ms", baselineKey: baseline, target: "<= 1.2"
            ).emit()
        }
    }

    /// Writes `passCount` activated passes for the iPhone into the wallet's
    /// store (`passes/<deviceId>.json`, a `SandboxPassList`) and returns the file.
    private static func fillPassStore(of wallet: SimulatedWallet) throws -> URL {
        let device = wallet.iPhone
        let passes = (0..<passCount).map { index in
            SandboxPass(
                serialNumber: "bench-serial-\(index)", passTypeIdentifier: SandboxPass.paymentPassTypeIdentifier,
                primaryAccountIdentifier: "bench-account-\(index)",
                primaryAccountNumberSuffix: suffix(index), deviceAccountIdentifier: "bench-token-\(index)",
                deviceAccountNumberSuffix: suffix(index), activationState: .activated, deviceId: device.id,
                deviceName: device.name, paymentNetwork: .visa, localizedDescription: "Bench Visa")
        }
        let directory = wallet.directory.appendingPathComponent("passes", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The store's file name: the device id kept to letters, digits, - and _.
        let name = String(device.id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let file = directory.appendingPathComponent("\(name).json")
        try JSONEncoder.provisioningAPI.encode(SandboxPassList(passes: passes)).write(to: file, options: .atomic)
        return file
    }

    private static func suffix(_ index: Int) -> String {
        String(String(10_000 + index).suffix(4))
    }

    // MARK: One provisioning call: SDK against bare HTTP

    private static func provisioningFigures(_ sandbox: ServiceEndpoint, bank: DemoBank) async throws {
        TPCSDK.reset()
        try TPCSDK.configure(url: sandbox.baseURL.absoluteString, issuerId: bank.issuerId)
        defer { TPCSDK.reset() }
        let device = try await Device.register(at: sandbox.baseURL)
        let card = try await bank.testCard(.approve, reference: "bench-card", service: sandbox)
        let chain: SandboxCertificateChain = try await send(
            "GET", try APIPaths.sandboxCertificates(), to: sandbox.baseURL)
        guard let url = try APIPaths.provisioning(issuerId: bank.issuerId).url(relativeTo: sandbox.baseURL) else {
            throw BenchError(.missingPrerequisite, "no provisioning URL")
        }

        func freshRequest() async throws -> ApplePayProvisioningRequest {
            let fresh = card.referenced(as: "bench-card-\(UUID().uuidString.prefix(12))")
            let nonce = try await device.nonce()
            return ApplePayProvisioningRequest(
                scheme: fresh.scheme, encryptedPayload: try bank.encryptedPayload(for: fresh),
                authorizationCode: try bank.code("provision", card: fresh),
                certificateChain: chain.certificateChain, nonce: nonce, nonceSignature: try device.sign(nonce))
        }

        var sdkTimes: [Duration] = []
        var bareTimes: [Duration] = []
        // The first rounds warm both paths (connections, caches) and are not counted.
        for round in 0..<(provisioningPairs + 10) {
            let viaSDK = try await freshRequest()
            let input = GenerateAddPaymentPassRequestInput(
                scheme: .Visa, encryptedPayload: viaSDK.encryptedPayload, authorizationCode: viaSDK.authorizationCode,
                certificateChain: viaSDK.certificateChain, nonce: viaSDK.nonce, nonceSignature: viaSDK.nonceSignature)
            let sdk = try await timeAsync { try await generate(input) }

            var bare = URLRequest(url: url)
            bare.httpMethod = "POST"
            bare.setValue("application/json", forHTTPHeaderField: "Content-Type")
            bare.httpBody = try JSONEncoder.provisioningAPI.encode(try await freshRequest())
            let plain = try await timeAsync {
                let (data, response) = try await URLSession.shared.data(for: bare)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw BenchError(.requestFailed, "the bare provisioning call failed")
                }
                _ = try JSONDecoder.provisioningAPI.decode(ApplePayProvisioningResponse.self, from: data)
            }
            if round >= 10 {
                sdkTimes.append(sdk)
                bareTimes.append(plain)
            }
        }
        for (label, fraction) in [("p50", 0.5), ("p99", 0.99)] {
            let baseline = "sdk.provisioning_call.bare_http_\(label)_ms"
            BenchFigure(name: baseline, value: milliseconds(percentile(bareTimes, fraction)), unit: "ms").emit()
            BenchFigure(
                name: "sdk.provisioning_call.sdk_\(label)_ms", value: milliseconds(percentile(sdkTimes, fraction)),
                unit: "ms", baselineKey: baseline, target: label == "p50" ? "<= 1.2" : nil
            ).emit()
        }
    }

    private static func generate(_ input: GenerateAddPaymentPassRequestInput) async throws {
        let succeeded: Bool = await withCheckedContinuation { continuation in
            TPCSDK.generateAddPaymentPassRequestForInput(input) { request, error in
                continuation.resume(returning: error == nil && request?.encryptedPassData != nil)
            }
        }
        guard succeeded else { throw BenchError(.measurementFailed, "the SDK's provisioning call failed") }
    }

    /// A device registered at the sandbox's Apple side, which signs its nonces.
    private struct Device {
        let id: String
        let key: P256.PrivateKey
        let baseURL: URL

        static func register(at baseURL: URL) async throws -> Device {
            let key = try P256.PrivateKey()
            let answer: SandboxDeviceRegistrationResponse = try await send(
                "POST", try APIPaths.sandboxDevices(), to: baseURL,
                body: SandboxDeviceRegistrationRequest(
                    kind: .iPhone, name: "Bench iPhone", publicKey: Data(key.publicKey.x963Representation)))
            return Device(id: answer.deviceId, key: key, baseURL: baseURL)
        }

        func nonce() async throws -> Data {
            let answer: SandboxNonce = try await send("POST", try APIPaths.sandboxNonces(deviceId: id), to: baseURL)
            return answer.nonce
        }

        func sign(_ nonce: Data) throws -> Data {
            Data(try key.signature(for: [UInt8](nonce)).derRepresentation)
        }
    }

    private static func send<Answer: Decodable>(
        _ method: String, _ endpoint: APIEndpoint, to baseURL: URL, body: (any Encodable)? = nil
    ) async throws -> Answer {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw BenchError(.missingPrerequisite, "bad endpoint")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONEncoder.provisioningAPI.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw BenchError(.requestFailed, "\(method) \(endpoint) failed")
        }
        return try JSONDecoder.provisioningAPI.decode(Answer.self, from: data)
    }

    // MARK: Timing

    private static func time(_ body: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    private static func timeAsync(_ body: () async throws -> Void) async rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return clock.now - start
    }

    private static func percentile(_ samples: [Duration], _ fraction: Double) -> Duration {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .zero }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
        return sorted[max(0, index)]
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}
