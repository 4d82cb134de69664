import Foundation
import ProvisioningAPI
import Testing

@testable import ProvisioningHTTP

@Suite(.timeLimit(.minutes(10))) struct MessageTests {
    @Test func headerLookupIgnoresCase() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "X-Many": "1"]
        headers.add(name: "x-many", value: "2")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers.values(for: "X-MANY") == ["1", "2"])
        headers["X-Many"] = nil
        #expect(!headers.contains("x-many"))
    }

    @Test func requestIdentifiersAreValidated() {
        #expect(RequestIdentifier.isAcceptable("abc-123_DEF.4:5@6"))
        #expect(!RequestIdentifier.isAcceptable(""))
        #expect(!RequestIdentifier.isAcceptable("a b"))
        #expect(!RequestIdentifier.isAcceptable("a\r\nX-Evil: 1"))
        #expect(!RequestIdentifier.isAcceptable(String(repeating: "a", count: 129)))
        #expect(RequestIdentifier.isAcceptable(String(repeating: "a", count: 128)))
        let generated = RequestIdentifier.generate()
        #expect(generated.count == 32 && RequestIdentifier.isAcceptable(generated))
        #expect(generated != RequestIdentifier.generate())
    }

    @Test func percentDecodingKeepsMalformedEscapes() {
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
        #expect(PercentDecoding.decode("100%") == "100%")
        #expect(PercentDecoding.decode("%zz%4") == "%zz%4")
        #expect(PercentDecoding.decode("%FF") == "\u{FFFD}")
    }

    @Test func pathComponentsAreDecodedAfterSplitting() {
        let request = HTTPRequest(method: .get, path: "/v1/a%2Fb/c%20d")
        #expect(request.pathComponents == ["v1", "a/b", "c d"])
    }

    @Test(arguments: [
        ("/", [""]), ("", []), ("/a//b/", ["a", "", "b", ""]), ("a/b", ["a", "b"]), ("//", ["", ""]),
        ("/caf%C3%A9/x", ["café", "x"]),
    ])
    func pathSplittingKeepsEmptySegmentsButTheLeadingOne(path: String, expected: [String]) {
        #expect(HTTPRequest(method: .get, path: path).pathComponents == expected)
    }

    @Test func jsonBodiesDecodeOrFailAsBadRequest() throws {
        struct Payload: Codable { var name: String }
        let good = HTTPRequest(method: .post, path: "/", body: Array(#"{"name":"x"}"#.utf8))
        #expect(try good.decodeJSON(Payload.self).name == "x")
        let bad = HTTPRequest(method: .post, path: "/", body: Array("not json".utf8))
        let error = try #require(throws: ProblemDetails.self) { try bad.decodeJSON(Payload.self) }
        #expect(error.type == .malformedJSON)
        #expect(error.status == 400)
    }
}
