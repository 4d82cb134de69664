import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct QueryTests {
    @Test func tokenSearchQueryRoundTripsThroughQueryItems() throws {
        let query = TokenSearchQuery(state: .suspended, cardRef: "card 7", limit: 200, cursor: "abc")
        #expect(try TokenSearchQuery(queryItems: query.queryItems) == query)
        #expect(TokenSearchQuery().queryItems.isEmpty)
    }

    @Test func auditQueryRoundTripsThroughQueryItems() throws {
        let query = AuditQuery(
            from: Samples.date, to: Samples.laterDate, action: .tokenDelete, outcome: .failed, tokenId: "t",
            cardRef: "c", requestId: "r", limit: 1, cursor: "x")
        #expect(try AuditQuery(queryItems: query.queryItems) == query)
    }

    @Test(arguments: [("limit", "-5"), ("limit", "201"), ("limit", "ten"), ("state", "FROZEN")])
    func badTokenSearchParametersAreRefusedByName(name: String, value: String) {
        do {
            _ = try TokenSearchQuery(queryItems: [URLQueryItem(name: name, value: value)])
            Issue.record("accepted \(name)")
        } catch {
            #expect(error.code == .invalidQueryParameter)
            #expect(error.detail.hasPrefix(name))
            #expect(!error.detail.contains(value))
        }
    }

    @Test func badAuditDateIsRefused() {
        #expect(throws: ProvisioningAPIError.self) {
            try AuditQuery(queryItems: [URLQueryItem(name: "from", value: "yesterday")])
        }
    }

    @Test func emptyAndUnknownParametersAreIgnored() throws {
        let query = try TokenSearchQuery(queryItems: [
            URLQueryItem(name: "state", value: ""), URLQueryItem(name: "other", value: "1"),
            URLQueryItem(name: "cursor", value: nil),
        ])
        #expect(query == TokenSearchQuery())
    }
}
