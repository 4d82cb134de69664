import ProvisioningAPI
import ProvisioningStorage

// Storage knows nothing of the wire contract; the service decides what a
// database failure means to a client. Both modules are in this package, so the
// conformance is not retroactive in the sense SE-0364 warns about.
extension StorageError: ProblemConvertible {
    /// A temporary failure (``ProvisioningStorage/StorageError/isTemporary``: an
    /// outage, a full pool or server, a pooler's lost prepared statement) is a
    /// `503` worth retrying; anything else is a generic `500`. The detail never
    /// names the statement, the table or the database's message.
    package var problem: ProblemDetails {
        isTemporary
            ? ProblemDetails(.serviceUnavailable, detail: "The database is unavailable; retry later.")
            : .unexpected
    }
}
