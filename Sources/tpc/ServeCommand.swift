import Foundation
import HTTPServer
import ProvisioningCrypto
import ProvisioningService
import SandboxNetwork
import Storage
import TPCCommandLine

/// `tpc serve`: opens and migrates the database, builds the service (and the
/// sandbox), starts the HTTP server, prints the ready line and runs until
/// SIGTERM or SIGINT.
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
        let configuration = try await loadConfiguration()
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
            let opened = try await Sandbox(
                database: database, issuers: configuration, directory: options.sandboxDirectory)
            sandbox = opened
            connector = opened.connector
            trust = ChainTrust(
                roots: [opened.trustRoot], policy: .sandbox(intermediateCommonName: opened.intermediateCommonName))
        } else {
            connector = UnavailableTokenService()
            trust = try ChainTrust.production()
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

        let tls = try loadTLS()
        let server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: options.host, port: options.port, tls: tls),
            router: router, observers: app.observers)
        do {
            try server.start()
        } catch {
            await retention.stop()
            await sandbox?.shutdown()
            await database.close()
            throw Failure(exitCode: .unavailable, description: "cannot listen: \(error)")
        }
        let scheme = server.isTLS ? "https" : "http"
        let hostPart = options.host.contains(":") ? "[\(options.host)]" : options.host
        let root = "\(scheme)://\(hostPart):\(server.port)"
        if let sandbox, let serviceURL = URL(string: root + basePath) {
            // The sandbox posts its notifications to this very listener, whose
            // certificate (often self-signed, rarely naming the address) is
            // the one to trust.
            sandbox.setServiceBaseURL(
                serviceURL, trust: tls.map { .pinnedCertificate(pem: $0.certificateChainPEM) } ?? .systemRoots)
        }
        StandardStreams.output("tpc: listening on \(root) (base path \(basePath.isEmpty ? "/" : basePath))")
        if options.sandbox {
            StandardStreams.output("tpc: sandbox issuer files in \(options.sandboxDirectory.path)")
        }

        let number = await signals.wait()
        StandardStreams.error("tpc: signal \(number), shutting down")
        await server.shutdown(gracePeriod: .seconds(10))
        await retention.stop()
        await sandbox?.shutdown()
        await database.close()
        StandardStreams.error("tpc: stopped")
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
        do {
            return HTTPServer.TLS(
                certificateChainPEM: try String(contentsOf: certificate, encoding: .utf8),
                privateKeyPEM: try String(contentsOf: key, encoding: .utf8))
        } catch {
            throw Failure(exitCode: .config, description: "cannot read the TLS certificate or key")
        }
    }
}
