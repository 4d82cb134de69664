import Foundation
import ProvisioningAPI
import Testing

@Suite(.timeLimit(.minutes(3))) struct ProblemDetailsTests {
    @Test func fieldProblemEncodesOnlyFieldAndReason() throws {
        let data = try JSONEncoder.provisioningAPI.encode(FieldProblem(field: "/nonce", reason: .invalidBase64))
        let value = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(value == .object(["field": .string("/nonce"), "reason": .string("invalid-base64")]))
    }

    @Test func problemKeysAreTheRFC9457MembersPlusRequestIdAndErrors() throws {
        let data = try JSONEncoder.provisioningAPI.encode(Samples.problem)
        let keys = try #require(try JSONDecoder().decode(JSONValue.self, from: data).objectKeys)
        #expect(keys == ["type", "title", "status", "detail", "instance", "requestId", "errors"])
        let minimal = try JSONEncoder.provisioningAPI.encode(ProblemDetails(.notFound))
        #expect(try JSONDecoder().decode(JSONValue.self, from: minimal).objectKeys == ["type", "title", "status"])
    }

    @Test func decodingErrorPathBecomesAJSONPointerWithoutTheValue() throws {
        let body = Data(#"{"certificateChain":["bGVhZg==","not base64!"],"a/b~c":1}"#.utf8)
        struct Shape: Decodable { let certificateChain: [Data] }
        do {
            _ = try JSONDecoder.provisioningAPI.decode(Shape.self, from: body)
            Issue.record("invalid base64 was accepted")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(FieldProblem.pointer(for: context.codingPath) == "/certificateChain/1")
            #expect(!context.debugDescription.contains("not base64"))
        }
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        #expect(FieldProblem.pointer(for: [Key(stringValue: "a/b~c")]) == "/a~1b~0c")
    }

    @Test func catalogueTypesAreUniqueAndUnderTheBaseURI() {
        let all = ProblemType.all
        #expect(Set(all).count == all.count)
        #expect(Set(all.map(\.title)).count == all.count)
        for type in all {
            #expect(type.rawValue.hasPrefix(ProblemType.baseURI))
            #expect(type.slug.map { !$0.isEmpty && !$0.contains("/") } == true)
            #expect((400...599).contains(type.defaultStatus))
            #expect(type.isKnown)
        }
    }

    @Test func briefedTypesHaveTheirStatuses() {
        let expected: [(ProblemType, Int)] = [
            (.malformedJSON, 400), (.invalidField, 422), (.payloadUndecryptable, 422), (.payloadInvalid, 422),
            (.authorizationCodeInvalid, 401), (.authorizationCodeExpired, 401), (.authorizationCodeReplayed, 401),
            (.authorizationCodeScope, 403), (.certificateChainInvalid, 422), (.nonceReplayed, 409),
            (.unknownIssuer, 404), (.notFound, 404), (.illegalTransition, 409), (.conflict, 409),
            (.bodyTooLarge, 413), (.unauthorized, 401), (.notificationSignatureInvalid, 401),
            (.notificationStale, 401), (.rateLimited, 429), (.serviceUnavailable, 503),
            (.upstreamNetworkError, 502), (.declined, 422), (.internal, 500),
        ]
        for (type, status) in expected {
            #expect(type.defaultStatus == status, "\(type)")
            #expect(ProblemType.all.contains(type))
        }
        #expect(
            ProblemType.authorizationCodeScope.rawValue
                == "urn:pushprovisioning:problem:authorization-code-scope")
    }

    @Test func unknownTypeIsPreservedWithGenericDefaults() throws {
        let json = Data(#"{"type":"https://example.com/p/new","title":"New","status":418}"#.utf8)
        let problem = try JSONDecoder.provisioningAPI.decode(ProblemDetails.self, from: json)
        #expect(problem.type.rawValue == "https://example.com/p/new")
        #expect(problem.type.isKnown == false)
        #expect(problem.type.slug == nil)
        #expect(problem.title == "New")
        #expect(ProblemType(rawValue: "https://example.com/p/new").defaultStatus == 500)
    }

    @Test func catalogueInitializerFillsTitleAndStatus() {
        let problem = ProblemDetails(.nonceReplayed, requestId: "r1")
        #expect(problem.title == "Nonce was already used")
        #expect(problem.status == 409)
        #expect(ProblemDetails(.internal, status: 501).status == 501)
        #expect(problem.description == "409 urn:pushprovisioning:problem:nonce-replayed (request r1)")
    }
}
