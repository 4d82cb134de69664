import Foundation

/// The OpenAPI 3.1 document of the contract, served by the service at
/// `/openapi.json`.
///
/// It describes exactly the routes of ``APIRoute/all``. The document is
/// compiled into the module (from `openapi.json`, by
/// `scripts/embed-resources.py`), so a program carries it wherever it is
/// copied: there is no resource bundle to install beside it.
///
/// ```swift
/// let document = try JSONSerialization.jsonObject(with: OpenAPIDocument.data())
/// ```
package enum OpenAPIDocument {
    /// The document's bytes (JSON), exactly those of `openapi.json`.
    package static func data() -> Data {
        Data(embeddedJSON.utf8)
    }
}
