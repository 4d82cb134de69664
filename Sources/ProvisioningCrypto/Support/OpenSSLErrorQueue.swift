import COpenSSL

/// Access to OpenSSL's per-thread error queue.
///
/// Every failing OpenSSL call leaves reasons on the queue; they must be drained
/// or they leak into the next, unrelated failure on the same thread.
enum OpenSSLErrorQueue {
    /// Drains the queue and returns the first reason as text (library and reason
    /// only: OpenSSL reason strings never contain the data being processed).
    static func drain() -> String {
        var first: String?
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if first == nil {
                if let reason = ERR_reason_error_string(code) {
                    first = String(cString: reason)
                } else {
                    first = "error \(code)"
                }
            }
        }
        return first ?? "unknown OpenSSL failure"
    }

    /// Empties the queue without reading it.
    static func clear() {
        ERR_clear_error()
    }

    /// A ``CryptoError`` with the given code, `context` as its detail and
    /// OpenSSL's first reason, draining the queue.
    static func error(_ code: CryptoError.Code, _ context: String) -> CryptoError {
        CryptoError(code, context, openSSLReason: drain())
    }
}
