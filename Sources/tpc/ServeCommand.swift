import Foundation
import MastercardMDES
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import ProvisioningStorage
import SandboxNetwork
import TPCCommandLine

/// `tpc serve`: checks what it cannot serve without (exit 78 naming it),
/// opens and migrates the database, builds the service (and the sandbox),
/// starts the HTTP server, prints the listening line (and writes
/// `--ready-file`) and the pinned root and runs until SIGTERM or SIGINT.
struct ServeCommand: Command {
    static let sandbox = Flag("sandbox", help: "Also run the sandbox (Apple's side and the networks' token services).")
    static let sandboxDir = Option<String?>(
        "sandbox-dir", valueName: "dir", help: "Sandbox directory (default ./\(SandboxDirectory.defaultPath)).")
    static let host = Option<String>(
        "host", valueName: "address", help: "Numeric address to listen on.", default: "127.0.0.1")
    static let port = Option<Int>(
        "port", short: "p", valueName: "port", help: "Port; 0 picks a free one.", default: 8080,
        requirement: .range(0...65535))
    static let database = Option<String?>(
        "database", valueName: "url", help: "sqlite:PATH, sqlite::memory: or postgres://… (default: a SQLite file).")
    static let config = Option<String?>("config", short: "c", valueName: "file", help: "Issuer configuration (JSON).")
    static let tlsCert = Option<String?>("tls-cert", valueName: "file", help: "PEM certificate chain for HTTPS.")
    static let tlsKey = Option<String?>("tls-key", valueName: "file", help: "PEM private key for HTTPS.")
    static let readyFile = Option<String?>(
        "ready-file", valueName: "file",
        help: "Once listening, write TPC_URL=…, TPC_ROOT=… lines there (a shell can source it).")

    static let configuration = CommandConfiguration(
        name: "serve", abstract: "Run the provisioning service.",
        discussion: """
            Listens for HTTP (or HTTPS with --tls-cert and --tls-key) on --host:--port and serves the API \
            under the configured base path. Without --database the service keeps its data in ./tpc.sqlite \
            (in the sandbox directory with --sandbox). With --sandbox it also plays Apple and the card \
            networks, and without --config it creates a test issuer in the sandbox directory.
            """,
        options: [sandbox, sandboxDir, host, port, database, config, tlsCert, tlsKey, readyFile]
            + ServeListenerOptions.options + ServeDatabaseOptions.options)

    var runsSandbox: Bool
    var sandboxDirectory: URL
    var listenHost: String
    var listenPort: Int
    var databaseURL: String
    var configurationFile: URL?
    var tlsCertificate: URL?
    var tlsKeyFile: URL?
    /// Where to write that the service is ready (`--ready-file`).
    var readyFileURL: URL?
    /// The database URL's sources, the pool, pooler mode and retention.
    var scaleOut: ServeDatabaseOptions
    /// The connection table and the operations listener.
    var listeners: ServeListenerOptions

    /// Reads and checks the options, in the order their errors are reported.
    ///
    /// - Throws: ``CommandLineError``: a usage error naming the option.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let path = arguments.commandPath
        runsSandbox = arguments[Self.sandbox]
        let directory = try arguments[Self.sandboxDir]
        sandboxDirectory = SandboxDirectory.url(directory)
        if directory != nil, !runsSandbox {
            throw CommandLineError(.invalidValue, "--sandbox-dir needs --sandbox", commandPath: path)
        }
        listenHost = try arguments[Self.host]
        listenPort = try arguments[Self.port]
        scaleOut = try ServeDatabaseOptions(arguments)
        listeners = try ServeListenerOptions(arguments)
        databaseURL =
            try arguments[Self.database] ?? scaleOut.databaseURL
            ?? "sqlite:" + (runsSandbox ? sandboxDirectory.appendingPathComponent("tpc.sqlite").path : "tpc.sqlite")
        configurationFile = try arguments[Self.config].map { URL(fileURLWithPath: $0) }
        if !runsSandbox, configurationFile == nil {
            throw CommandLineError(
                .missingRequired, "--config is required without --sandbox", commandPath: path,
                suggestion: "--sandbox")
        }
        tlsCertificate = try arguments[Self.tlsCert].map { URL(fileURLWithPath: $0) }
        tlsKeyFile = try arguments[Self.tlsKey].map { URL(fileURLWithPath: $0) }
        readyFileURL = try arguments[Self.readyFile].map { URL(fileURLWithPath: $0) }
        if (tlsCertificate == nil) != (tlsKeyFile == nil) {
            throw CommandLineError(.missingRequired, "--tls-cert and --tls-key go together", commandPath: path)
        }
    }

    /// Serves until a signal; a start-up failure names what is wrong, with its
    /// exit status.
    func run() async throws -> ExitCode {
        do {
            try await serve()
            return .success
        } catch let error as CommandLineError {
            throw error
        } catch {
            // Anything else ends the service with its description alone, as start-up failures do.
            throw CommandLineError(.commandFailed, "\(error)")
        }
    }

    private func serve() async throws {
        let signals = ShutdownSignal()
        let readyFile = readyFileURL.map(ReadyFile.init(url:))
        try readyFile?.removeStale()
        let configuration = try await loadConfiguration()
        let tls = try loadTLS()
        let appleRoot = try selfCheck(configuration)
        let database: any SQLDatabase
        do {
            database = try await scaleOut.openDatabase(url: databaseURL)
        } catch {
            throw CommandLineError(.unavailable, "cannot open the database: \(error)")
        }
        var migrations = ProvisioningServiceApp.migrations
        if runsSandbox { migrations += Sandbox.migrations }
        do {
            try await Migrator(migrations).migrate(database)
        } catch {
            await database.close()
            throw CommandLineError(.unavailable, "cannot migrate the database: \(error)")
        }

        var sandbox: Sandbox?
        let fallback: any TokenServiceConnector
        let trust: ChainTrust
        if runsSandbox {
            let opened: Sandbox
            do {
                opened = try await Sandbox(
                    database: database, issuers: configuration, directory: sandboxDirectory)
            } catch let error as SandboxError {
                await database.close()
                throw CommandLineError(.configuration, "cannot start: the sandbox directory: \(error)")
            }
            sandbox = opened
            fallback = opened.connector
            trust = ChainTrust(
                roots: [opened.trustRoot], policy: .sandbox(intermediateCommonName: opened.intermediateCommonName))
        } else {
            fallback = UnavailableTokenService()
            trust = ChainTrust(roots: [appleRoot], policy: .production)
        }
        // The sandbox's own MDES endpoint: known once the listener is up.
        let sandboxMDES = MDESEndpoint()
        let connector: NetworkConnectors
        do {
            connector = try Self.connectors(
                configuration, fallback: fallback, sandboxMDES: runsSandbox ? sandboxMDES : nil)
        } catch {
            await database.close()
            throw CommandLineError(.configuration, "cannot start: \(error)")
        }
        let app: ProvisioningServiceApp
        do {
            app = try ProvisioningServiceApp(
                configuration: configuration, database: database, connector: connector, chainTrust: trust,
                walletNetwork: sandbox?.walletNetwork, logSink: StandardStreams.logSink)
        } catch {
            throw CommandLineError(.configuration, "\(error)")
        }
        if runsSandbox {
            // Every sandbox card shows art without an upload (uploads are kept).
            try await app.installDefaultCardArt(productIds: [
                CardArtSpecification.defaultProductId, SandboxTestCards.pureProductId,
                SandboxTestCards.pagoBancomatProductId,
            ])
        }
        // Every instance sweeps; sweeps on one database do not conflict.
        let retention = app.retentionJob(
            scaleOut.retention,
            extraRules: runsSandbox ? Sandbox.retentionRules(scaleOut.retention) : [])
        retention.start()
        var router = Router()
        app.register(on: &router)
        let basePath = configuration.service.basePath
        sandbox?.register(on: &router, basePath: basePath, tls: tls != nil)

        let server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: listenHost, port: listenPort, limits: listeners.limits, tls: tls),
            router: router, observers: app.observers)
        var operationsServer: HTTPServer?
        // In reverse order of start: listeners, then what their requests use.
        func stop(grace: Duration) async {
            await operationsServer?.shutdown(gracePeriod: min(grace, .seconds(1)))
            await server.shutdown(gracePeriod: grace)
            await retention.stop()
            await sandbox?.shutdown()
            await database.close()
        }
        do {
            try server.start()
            if let operations = listeners.operations {
                var operationsRouter = Router()
                app.registerOperations(on: &operationsRouter)
                let listener = HTTPServer(
                    configuration: HTTPServer.Configuration(
                        host: operations.host, port: operations.port, limits: ServeListenerOptions.operationsLimits,
                        threadPoolSize: 1),
                    router: operationsRouter, observers: app.observers)
                operationsServer = listener
                try listener.start()
            }
        } catch {
            await stop(grace: .zero)
            throw CommandLineError(.unavailable, "cannot listen: \(error)")
        }
        let scheme = server.isTLS ? "https" : "http"
        let root = "\(scheme)://\(Self.urlHost(listenHost)):\(server.port)"
        if let sandbox, let serviceURL = URL(string: root + basePath) {
            // The sandbox posts its notifications to this very listener, whose
            // certificate (often self-signed, rarely naming the address) is
            // the one to trust.
            sandbox.setServiceBaseURL(
                serviceURL, trust: tls.map { .pinnedCertificate(pem: $0.certificateChainPEM) } ?? .systemRoots)
        }
        if runsSandbox, let mdesURL = URL(string: root + Sandbox.mdesBasePath) {
            sandboxMDES.set(
                baseURL: mdesURL, trust: tls.map { .pinnedCertificate(pem: $0.certificateChainPEM) } ?? .systemRoots)
        }
        // The ready line first: scripts read it as the first line of output.
        StandardStreams.output("tpc: listening on \(root) (base path \(basePath.isEmpty ? "/" : basePath))")
        if let pinned = trust.roots.first {
            // Which root Apple's chains must end in, so an operator can compare it with Apple's published one.
            let which = runsSandbox ? "the sandbox root" : "only"
            StandardStreams.output(
                "tpc: Apple's certificate chains are verified against \(which) \(pinned.subject.commonName ?? "root") "
                    + "(SHA-256 \(pinned.sha256FingerprintHex))")
        }
        var operationsRoot: String?
        if let operationsServer, let operations = listeners.operations {
            operationsRoot = "http://\(Self.urlHost(operations.host)):\(operationsServer.port)"
            StandardStreams.output("tpc: operations (/healthz, /readyz, /metrics) on \(operationsRoot ?? "")")
        }
        if runsSandbox {
            StandardStreams.output("tpc: sandbox issuer files in \(sandboxDirectory.path)")
        }

        if let readyFile {
            do {
                try readyFile.write(root: root, basePath: basePath, operationsRoot: operationsRoot)
            } catch {
                await stop(grace: .zero)
                throw CommandLineError(
                    .commandFailed, "cannot write the ready file \(readyFile.url.path): \(error)")
            }
        }

        let number = await signals.wait()
        readyFile?.remove()
        StandardStreams.error("tpc: signal \(number), shutting down")
        await stop(grace: .seconds(10))
        StandardStreams.error("tpc: stopped")
    }
}
