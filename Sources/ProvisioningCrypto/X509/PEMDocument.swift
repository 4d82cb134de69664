import COpenSSL
import COpenSSLShims
import Foundation

/// One PEM block ("-----BEGIN LABEL-----"): its label and decoded bytes.
struct PEMDocument: Sendable, Equatable {
    var label: String
    var der: [UInt8]

    /// Every PEM block in `text`, in order. Text between blocks is ignored, as
    /// OpenSSL does; an unreadable block (bad base64, missing END line) fails.
    /// - Throws: ``CryptoError/Code/invalidEncoding``.
    static func parseAll(_ text: String) throws -> [PEMDocument] {
        let bio = try MemoryBIO(Array(text.utf8))
        var documents: [PEMDocument] = []
        while true {
            var name: UnsafeMutablePointer<CChar>?
            var header: UnsafeMutablePointer<CChar>?
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            let ok = PEM_read_bio(bio.pointer, &name, &header, &data, &length)
            defer {
                pp_openssl_free(name)
                pp_openssl_free(header)
                pp_openssl_free(data)
            }
            guard ok == 1, let name else {
                // "No start line" once blocks were read is the normal end of input.
                if pp_err_last_is_pem_no_start_line() == 1 && !documents.isEmpty {
                    OpenSSLErrorQueue.clear()
                    return documents
                }
                throw OpenSSLErrorQueue.error(.invalidEncoding, "not a PEM document")
            }
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
            documents.append(PEMDocument(label: String(cString: name), der: bytes))
        }
    }

    /// The PEM text: base64 in 64-character lines between BEGIN/END lines.
    var pemString: String {
        let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
    }
}
