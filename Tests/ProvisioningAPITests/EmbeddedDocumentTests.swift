import Foundation
import ProvisioningAPI
import Testing

/// The OpenAPI document is compiled in from `Sources/ProvisioningAPI/openapi.json`
/// (scripts/embed-resources.py): the file stays the one source of truth.
@Suite(.timeLimit(.minutes(3))) struct EmbeddedDocumentTests {
    /// This file is Tests/ProvisioningAPITests/EmbeddedDocumentTests.swift.
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ProvisioningAPI/openapi.json")

    @Test func compiledDocumentHasTheBytesOfTheCheckedInFile() throws {
        let checkedIn = try Data(contentsOf: Self.source)
        #expect(
            OpenAPIDocument.data() == checkedIn,
            "Sources/ProvisioningAPI/Generated/OpenAPIDocument+Embedded.swift is stale: run `make generate`")
    }
}
