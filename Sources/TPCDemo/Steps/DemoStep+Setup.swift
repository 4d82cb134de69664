import Foundation
import IssuerTools
import PassKitEmulation
import ProvisioningAPI
import PushProvisioning

extension DemoStep {
    /// Starts `tpc serve --sandbox` (SQLite in a temporary directory) as a
    /// child process, or connects to the running service of `--url`, and reads
    /// the test issuer's files.
    package static let startService = DemoStep("Start tpc serve --sandbox (SQLite, temporary directory)", flow: "setup")
    {
        context, log in
        let options = context.options
        let work: URL
        if let given = options.workDirectory {
            work = given
        } else {
            work = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tpc-demo-\(context.runId)", isDirectory: true)
            context.values[DemoScenario.workDirectoryKey] = work.path
        }
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw DemoError(.unreadableFile, "cannot create \(work.path)")
        }
        context.values["walletDirectory"] = work.appendingPathComponent("wallet", isDirectory: true).path
        context.values["appGroupDirectory"] = work.appendingPathComponent("app-group", isDirectory: true).path
        context.values["issuerWalletDirectory"] = work.appendingPathComponent("issuer-wallet", isDirectory: true).path

        let service: ServiceEndpoint
        if let url = options.serviceURL {
            guard let directory = options.sandboxDirectory else {
                throw DemoError(.missingPrerequisite, "--url needs --sandbox-dir (the running sandbox's directory)")
            }
            service = ServiceEndpoint(baseURL: url, sandboxDirectory: directory)
            log.detail("using the running service at \(url.absoluteString)")
        } else {
            guard let executable = options.executable else {
                throw DemoError(.missingPrerequisite, "no tpc executable to start the sandbox with")
            }
            log.detail("starting \(executable.lastPathComponent) serve --sandbox --port 0 in \(work.path)")
            let process = try await SandboxProcess.start(executable: executable, directory: work) { waited in
                await log.detail("… waiting for tpc serve to be ready (\(waited) s)")
            }
            context.sandboxProcess = process
            service = process.endpoint
            log.detail("database \(process.databaseURL), log \(process.logFile.path)")
        }
        try log.check(true, "service listening on \(service.baseURL.absoluteString)")
        if options.verbose {
            let output = context.output
            let tap = try WireTap(upstream: service.baseURL) { output.line($0) }
            context.wireTap = tap
            log.detail("--verbose: the app, the devices and the back office talk through a logging proxy at")
            log.detail("\(tap.baseURL.absoluteString); PANs, codes, nonces, keys and ciphertexts are redacted")
            context.service = ServiceEndpoint(baseURL: tap.baseURL, sandboxDirectory: service.sandboxDirectory)
        } else {
            context.service = service
        }

        let bank = try DemoBank(service: try context.requireService())
        context.bank = bank
        try log.check(
            !bank.issuerId.isEmpty,
            "issuer \(bank.issuerId): code key, payload certificate and back-office key read from \(service.sandboxDirectory.lastPathComponent)/"
        )
        let cards: SandboxTestCardsResponse = try await ServiceHTTPClient(baseURL: try context.requireService().baseURL)
            .send(
                try APIPaths.sandboxTestCards())
        try log.check(
            Set(cards.cards.map(\.outcome)).isSuperset(of: [.approve, .requireActivation, .decline]),
            "the sandbox lists \(cards.cards.count) test cards (approve, requires activation, decline)")
    }

    /// Registers a simulated iPhone and a paired Watch at the sandbox, installs
    /// them as this process's Wallet, and configures the SDK.
    package static let simulatedDevices = DemoStep("Simulated iPhone with a paired Apple Watch", flow: "setup") {
        context, log in
        let service = try context.requireService()
        let bank = try context.requireBank()
        let directory = URL(fileURLWithPath: try context.requireValue("walletDirectory"), isDirectory: true)
        let wallet = try await SimulatedWallet.create(
            in: directory, sandboxURL: service.baseURL, iPhoneName: DemoDevices.iPhoneName,
            watchName: DemoDevices.watchName)
        context.wallet = wallet
        SimulatedWallet.install(wallet)
        TPCSDK.reset()
        try TPCSDK.configure(url: service.baseURL.absoluteString, issuerId: bank.issuerId)
        log.detail("wallet directory \(directory.path)")
        try log.check(
            wallet.isWatchPaired && wallet.devices.count == 2,
            "\(DemoDevices.iPhoneName) and \(DemoDevices.watchName) registered, each with its own P-256 key")
        let passes = TPCSDK.getPaymentPasses()
        try log.check(passes.local.isEmpty && passes.remote.isEmpty, "Wallet is empty on both devices")
        try log.check(
            TPCSDK.configuration?.issuerId == bank.issuerId,
            "TPCSDK.configure(url:issuerId:) points the SDK at the sandbox for \(bank.issuerId)")
    }
}

/// The names of the demo's simulated devices.
enum DemoDevices {
    static let iPhoneName = "Demo iPhone"
    static let watchName = "Demo Apple Watch"
}
