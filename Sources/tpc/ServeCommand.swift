import Foundation
import ProvisioningHTTP
import ProvisioningCrypto
import ProvisioningService
import SandboxNetwork
import ProvisioningStorage
import TPCCommandLine

/// `tpc serve`: checks what it cannot serve without (exit 78 naming it),
/// opens and migrates the database, builds the service (and the sandbox),
/// starts the HTTP server, prints the listening line (and writes `--ready-file`) and the pinned root and runs
/// until SIGTERM or SIGINT.
struct ServeCommand {
    let options: ServeOptions

    /// Failures of start-up, with the exit code they end the process with.
    struct Failure: Error, CustomStringConvertible {
        let exitCode: ExitCode
        let description: String
    }

    func run() async -> ExitCode {
        do {
            try await serve()
            return .success
        } catch let failure as Failure {
            StandardStreams.error("tpc: \(failure.description)")
            return failure.exitCode
        } catch {
            StandardStreams.error("tpc: \(error)")
            return .failure
        }
    }

    private func serve() async throws {
        let signals = ShutdownSignal()
        let readyFile = options.readyFile.map(ReadyFile.init(url:))
        do {
            try readyFile?.removeStale()
        } catch {
            throw Failure(exitCode: .usage, description: "--ready-file: \(error)")
        }
        let configuration = try await loadConfiguration()
        let tls = try loadTLS()
        let appleRoot = try selfCheck(configuration)
        let database: any SQLDatabase
        do {
            database = try await options.scaleOut.openDatabase(url: options.databaseURL)
        } catch {
            throw Failure(exitCode: .unavailable, description: "cannot open the database: \(error)")
        }
        var migrations = ProvisioningServiceApp.migrations
        if options.sandbox { migrations += Sandbox.migrations }
        do {
            try await Migrator(migrations).migrate(database)
        } catch {
            await database.close()
            throw Failure(exitCode: .unavailable, description: "cannot migrate the database: \(error)")
        }

        var sandbox: Sandbox?
        let connector: any TokenServiceConnector
        let trust: ChainTrust
        if options.sandbox {
            let opened: Sandbox
            do {
                opened = try await Sandbox(
                    database: database, issuers: configuration, directory: options.sandboxDirectory)
            } catch let error as SandboxError {
                await database.close()
                throw Failure(exitCode: .config, description: "cannot start: the sandbox directory: \(error)")
            }
            sandbox = opened
            connector = opened.connector
            trust = ChainTrust(
                roots: [opened.trustRoot], policy: .sandbox(intermediateCommonName: opened.intermediateCommonName))
        } else {
            connector = UnavailableTokenService()
            trust = ChainTrust(roots: [appleRoot], policy: .production)
        }
        let app: ProvisioningServiceApp
        do {
            app = try ProvisioningServiceApp(
                configuration: configuration, database: database, connector: connector, chainTrust: trust,
                logSink: StandardStreams.logSink)
        } catch {
            throw Failure(exitCode: .config, description: "\(error)")
        }
        if options.sandbox {
            // Every sandbox card shows art without an upload (uploads are kept).
            try await app.installDefaultCardArt(productIds: [
                CardArtSpecification.defaultProductId, SandboxTestCards.pureProductId,
                SandboxTestCards.pagoBancomatProductId,
            ])
        }
        // Every instance sweeps; sweeps on one database do not conflict.
        let retention = app.retentionJob(
            options.scaleOut.retention,
            extraRules: options.sandbox ? Sandbox.retentionRules(options.scaleOut.retention) : [])
        retention.start()
        var router = Router()
        app.register(on: &router)
        let basePath = configuration.service.basePath
        sandbox?.register(on: &router, basePath: basePath)

        let server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: options.host, port: options.port, limits: options.listeners.limits, tls: tls),
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
            if let operations = options.listeners.operations {
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
            throw Failure(exitCode: .unavailable, description: "cannot listen: \(error)")
        }
        let scheme = server.isTLS ? "https" : "http"
        let root = "\(scheme)://\(Self.urlHost(options.host)):\(server.port)"
        if let sandbox, let serviceURL = URL(string: root + basePath) {
            // The sandbox posts its notifications to this very listener, whose
            // certificate (often self-signed, rarely naming the address) is
            // the one to trust.
            sandbox.setServiceBaseURL(
                serviceURL, trust: tls.map { .pinnedCertificate(pem: $0.certificateChainPEM) } ?? .systemRoots)
        }
        // The ready line first: scripts read it as the first line of output.
        StandardStreams.output("tpc: listening on \(root) (base path \(basePath.isEmpty ? "/" : basePath))")
        if let pinned = trust.roots.first {
            // Which root Apple's chains must end in, so an operator can compare it with Apple's published one.
            let which = options.sandbox ? "the sandbox root" : "only"
            StandardStreams.output(
                "tpc: Apple's certificate chains are verified against \(which) \(pinned.subject.commonName ?? "root") "
                    + "(SHA-256 \(pinned.sha256FingerprintHex))")
        }
        var operationsRoot: String?
        if let operationsServer, let operations = options.listeners.operations {
            operationsRoot = "http://\(Self.urlHost(operations.host)):\(operationsServer.port)"
            StandardStreams.output("tpc: operations (/healthz, /readyz, /metrics) on \(operationsRoot ?? "")")
        }
        if options.sandbox {
            StandardStreams.output("tpc: sandbox issuer files in \(options.sandboxDirectory.path)")
        }

        if let readyFile {
            do {
                try readyFile.write(root: root, basePath: basePath, operationsRoot: operationsRoot)
            } catch {
                await stop(grace: .zero)
                throw Failure(
                    exitCode: .failure, description: "cannot write the ready file \(readyFile.url.path): \(error)")
            }
        }

        let number = await signals.wait()
        readyFile?.remove()
        StandardStreams.error("tpc: signal \(number), shutting down")
        await stop(grace: .seconds(10))
        StandardStreams.error("tpc: stopped")
    }

    /// `host` as a URL writes it: an IPv6 address in brackets.
    private static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// What `tpc serve` loads once and cannot serve without, checked before
    /// the database is opened, in every mode: the built-in Apple certificates,
    /// the OpenAPI document, every issuer's keys and secrets, and the validity
    /// of the certificates it relies on. Returns the pinned Apple Root CA - G3.
    private func selfCheck(_ configuration: IssuerConfiguration) throws -> Certificate {
        let appleRoot: Certificate
        do {
            appleRoot = try TrustAnchors.appleRootCAG3
            _ = try TrustAnchors.appleWWDRCAG2
        } catch {
            throw Failure(exitCode: .config, description: "cannot start: \(error)")
        }
        do {
            // The sandbox pins its own root, which it makes with the database.
            _ = try ServiceSelfCheck.startUp(
                configuration: configuration, pinnedRoots: options.sandbox ? [] : [appleRoot], now: Date())
        } catch {
            throw Failure(exitCode: .config, description: "cannot start: \(error)")
        }
        return appleRoot
    }

    private func loadConfiguration() async throws -> IssuerConfiguration {
        var file = options.configuration
        if options.sandbox, file == nil {
            do {
                try FileManager.default.createDirectory(
                    at: options.sandboxDirectory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                file = try await SandboxIssuerBootstrap(directory: options.sandboxDirectory).configurationFile(
                    now: Date())
            } catch {
                throw Failure(exitCode: .failure, description: "cannot create the sandbox issuer: \(error)")
            }
        }
        guard let file else { throw Failure(exitCode: .usage, description: "--config is required") }
        do {
            var configuration = try IssuerConfiguration.load(contentsOf: file)
            if options.sandbox { configuration.service.sandbox = true }
            return configuration
        } catch {
            throw Failure(exitCode: .config, description: "configuration refused: \(error)")
        }
    }

    private func loadTLS() throws -> HTTPServer.TLS? {
        guard let certificate = options.tlsCertificate, let key = options.tlsKey else { return nil }
        func read(_ file: URL, _ what: String) throws -> String {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                throw Failure(
                    exitCode: .config, description: "cannot start: the TLS \(what) \(file.path) cannot be read")
            }
            return text
        }
        let chain = try read(certificate, "certificate")
        let privateKey = try read(key, "key")
        guard (try? Certificate.parseChain(pem: chain))?.isEmpty == false else {
            throw Failure(
                exitCode: .config, description: "cannot start: \(certificate.path) holds no PEM certificate")
        }
        // Parsed by OpenSSL when the server starts (any key type it takes).
        guard privateKey.contains("PRIVATE KEY-----") else {
            throw Failure(exitCode: .config, description: "cannot start: \(key.path) holds no PEM private key")
        }
        return HTTPServer.TLS(certificateChainPEM: chain, privateKeyPEM: privateKey)
    }
}
