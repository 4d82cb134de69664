import Foundation
import ProvisioningCrypto
import ProvisioningHTTP
import ProvisioningService
import SandboxNetwork
import TPCCommandLine

/// What `tpc serve` loads and checks before it opens the database.
extension ServeCommand {
    /// `host` as a URL writes it: an IPv6 address in brackets.
    static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }

    /// What `tpc serve` loads once and cannot serve without, checked before
    /// the database is opened, in every mode: the built-in Apple certificates,
    /// the OpenAPI document, every issuer's keys and secrets, and the validity
    /// of the certificates it relies on. Returns the pinned Apple Root CA - G3.
    func selfCheck(_ configuration: IssuerConfiguration) throws -> Certificate {
        let appleRoot: Certificate
        do {
            appleRoot = try TrustAnchors.appleRootCAG3
            _ = try TrustAnchors.appleWWDRCAG2
        } catch {
            throw CommandLineError(.configuration, "cannot start: \(error)")
        }
        do {
            // The sandbox pins its own root, which it makes with the database.
            _ = try ServiceSelfCheck.startUp(
                configuration: configuration, pinnedRoots: runsSandbox ? [] : [appleRoot], now: Date())
        } catch {
            throw CommandLineError(.configuration, "cannot start: \(error)")
        }
        return appleRoot
    }

    func loadConfiguration() async throws -> IssuerConfiguration {
        var file = configurationFile
        if runsSandbox, file == nil {
            do {
                try FileManager.default.createDirectory(
                    at: sandboxDirectory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                file = try await SandboxIssuerBootstrap(directory: sandboxDirectory).configurationFile(
                    now: Date())
            } catch {
                throw CommandLineError(.commandFailed, "cannot create the sandbox issuer: \(error)")
            }
        }
        guard let file else { throw CommandLineError(.missingRequired, "--config is required") }
        do {
            var configuration = try IssuerConfiguration.load(contentsOf: file)
            if runsSandbox { configuration.service.sandbox = true }
            return configuration
        } catch {
            throw CommandLineError(.configuration, "configuration refused: \(error)")
        }
    }

    func loadTLS() throws -> HTTPServer.TLS? {
        guard let certificate = tlsCertificate, let key = tlsKeyFile else { return nil }
        func read(_ file: URL, _ what: String) throws -> String {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                throw CommandLineError(
                    .configuration, "cannot start: the TLS \(what) \(file.path) cannot be read")
            }
            return text
        }
        let chain = try read(certificate, "certificate")
        let privateKey = try read(key, "key")
        guard (try? Certificate.parseChain(pem: chain))?.isEmpty == false else {
            throw CommandLineError(
                .configuration, "cannot start: \(certificate.path) holds no PEM certificate")
        }
        // Parsed by OpenSSL when the server starts (any key type it takes).
        guard privateKey.contains("PRIVATE KEY-----") else {
            throw CommandLineError(.configuration, "cannot start: \(key.path) holds no PEM private key")
        }
        return HTTPServer.TLS(certificateChainPEM: chain, privateKeyPEM: privateKey)
    }
}
