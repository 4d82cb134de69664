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

    @Test func emptyTextAndUnknownParametersAreIgnored() throws {
        let query = try TokenSearchQuery(queryItems: [
            URLQueryItem(name: "cardRef", value: ""), URLQueryItem(name: "other", value: "1"),
            URLQueryItem(name: "cursor", value: nil),
        ])
        #expect(query == TokenSearchQuery())
    }

    /// `?to=` is no date-time and `?limit=` no integer, as the document's
    /// types say (schemathesis found `?to=` answered 200).
    @Test(arguments: [("state", ""), ("limit", ""), ("limit", nil)])
    func emptyTypedTokenSearchParametersAreRefused(name: String, value: String?) {
        #expect(throws: ProvisioningAPIError.self) {
            try TokenSearchQuery(queryItems: [URLQueryItem(name: name, value: value)])
        }
    }

    @Test(arguments: ["from", "to", "outcome", "limit"])
    func emptyTypedAuditParametersAreRefused(name: String) {
        #expect(throws: ProvisioningAPIError.self) {
            try AuditQuery(queryItems: [URLQueryItem(name: name, value: "")])
        }
    }
}
