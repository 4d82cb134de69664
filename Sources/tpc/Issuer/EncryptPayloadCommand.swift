import Foundation
import IssuerTools
import TPCCommandLine

/// `tpc issuer encrypt-payload`: card JSON on standard input → the base64
/// CMS `encryptedPayload` for the service's payload certificate.
struct EncryptPayloadCommand: IssuerToolCommand {
    static let certificate = Option<String?>(
        "certificate", valueName: "file", help: "The service's payload certificate (PEM).")
    static let json = Flag("json", help: "Print {\"encryptedPayload\": …}.")

    static let configuration = CommandConfiguration(
        name: "encrypt-payload", abstract: "Encrypt a card JSON (stdin) for the service's payload certificate.",
        discussion: """
            Reads {"primaryAccountNumber", "expiration" (MM/YY), "cardholderName", "cardReference"} on standard \
            input and prints the encryptedPayload: CMS EnvelopedData for the certificate (RSAES-OAEP with \
            SHA-256, AES-256-CBC), DER, base64 on one line. Same as `openssl cms -encrypt` (see \
            docs/issuer-backend.md). The card data is never printed.
            """,
        options: [certificate, IssuerDirectory.option, json])

    let arguments: ParsedArguments

    func perform() async throws {
        let directory = try IssuerDirectory.load(arguments)
        guard let path = try arguments[Self.certificate] ?? directory?.file("payloadCertificateFile") else {
            throw CommandLineError(
                .missingRequired, "no payload certificate", hint: "pass --certificate FILE or --issuer-dir DIR")
        }
        let encryptor = try PayloadEncryptor(
            certificatePEM: try IssuerDirectory.read(path, what: "payload certificate"))
        let input = FileHandle.standardInput.readDataToEndOfFile()
        guard input.count <= 4096 else {
            throw CommandLineError(
                .invalidInput, "the card JSON is larger than 4096 bytes", hint: "send one card object")
        }
        let payload = try encryptor.encrypt(json: input)
        if arguments[Self.json] {
            try JSONOutput.print(["encryptedPayload": payload])
        } else {
            StandardStreams.output(payload)
        }
    }
}
