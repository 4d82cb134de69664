import Testing

@testable import ProvisioningCrypto

/// The protected header is decoded in one pass straight into `JOSEHeader`; these
/// pin down that the single pass is as strict as a full JSON parse.
@Suite(.timeLimit(.minutes(3))) struct JWSHeaderParsingTests {
    static func token(header: String) -> String {
        JWSTests.craft(header: header, payload: "{}", signature: [1])
    }

    static func detail(_ header: String) -> String? {
        do {
            _ = try JWS(compactSerialization: token(header: header))
            return nil
        } catch let error as CryptoError {
            return error.code == .malformed ? error.detail : "other code \(error.code)"
        } catch {
            return "other error"
        }
    }

    @Test func invalidJSONInAMemberTheHeaderDoesNotModelIsMalformed() {
        #expect(Self.detail(#"{"alg":"ES256","x5t":tru}"#) != nil)
        #expect(Self.detail(#"{"alg":"ES256","extra":[1,}"#) != nil)
        #expect(Self.detail(#"{"alg":"ES256"} {}"#) != nil)
    }

    @Test func headersThatAreNotObjectsSaySo() {
        for header in [#""ES256""#, "[]", "1", "null"] {
            #expect(Self.detail(header) == "JWS header is not a JSON object")
        }
    }

    @Test func wronglyTypedModelledMembersAreMalformed() {
        for header in [#"{"alg":1}"#, #"{"alg":"ES256","kid":2}"#, #"{"alg":"ES256","crit":"b64"}"#, "{}"] {
            #expect(Self.detail(header) == "JWS header is not valid JSON of the expected shape")
        }
    }

    @Test func wellFormedHeaderParses() throws {
        let jws = try JWS(compactSerialization: Self.token(header: #"{"alg":"ES256","kid":"k1","typ":"JWT","x":[1]}"#))
        #expect(jws.header.algorithm == .es256)
        #expect(jws.header.keyID == "k1")
        #expect(jws.header.type == "JWT")
    }
}
