import Foundation
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct LogRecordTests {
    @Test func lineListsSortedFieldsAndQuotesUnsafeValues() {
        let record = LogRecord(
            date: Date(timeIntervalSince1970: 1_738_315_800.25), level: .info, event: "provisioning.succeeded",
            fields: ["requestId": "r-1", "issuer": "bank 1", "detail": "a=\"b\"", "empty": ""])
        #expect(
            record.line
                == #"2025-01-31T09:30:00Z info provisioning.succeeded detail="a=\"b\"" empty="" issuer="bank 1" requestId=r-1"#
        )
    }
}
