import Foundation
import IssuerTools
import TPCCommandLine

/// `tpc issuer encrypt-payload`: card JSON on standard input → the base64
/// CMS `encryptedPayload` for the service's payload certificate.
struct EncryptPayloadCommand {
    static let spec = CommandSpec(
        name: "encrypt-payload", abstract: "Encrypt a card JSON (stdin) for the service's payload certificate.",
        discussion: """
            Reads {"primaryAccountNumber", "expiration" (MM/YY), "cardholderName", "cardReference"} on standard \
            input and prints the encryptedPayload: CMS EnvelopedData for the certificate (RSAES-OAEP with \
            SHA-256, AES-256-CBC), DER, base64 on one line. Same as `openssl cms -encrypt` (see \
            docs/issuer-backend.md). The card data is never printed.
            """,
        options: [
            .option("certificate", valueName: "file", help: "The service's payload certificate (PEM)."),
            IssuerDirectory.option,
            .flag("json", help: "Print {\"encryptedPayload\": …}."),
        ])

    static func run(_ parsed: ParsedArguments) async -> ExitCode {
        await ToolFailure.run(hint: "see `tpc issuer encrypt-payload --help`") {
            let directory = try IssuerDirectory.load(parsed)
            guard let path = parsed.value("certificate") ?? directory?.file("payloadCertificateFile") else {
                throw ToolFailure(.usage, "no payload certificate", hint: "pass --certificate FILE or --issuer-dir DIR")
            }
            let encryptor = try PayloadEncryptor(
                certificatePEM: try IssuerDirectory.read(path, what: "payload certificate"))
            let input = FileHandle.standardInput.readDataToEndOfFile()
            guard input.count <= 4096 else {
                throw ToolFailure(.data, "the card JSON is larger than 4096 bytes", hint: "send one card object")
            }
            let payload = try encryptor.encrypt(json: input)
            if parsed.flag("json") {
                try JSONOutput.print(["encryptedPayload": payload])
            } else {
                StandardStreams.output(payload)
            }
        }
    }
}
