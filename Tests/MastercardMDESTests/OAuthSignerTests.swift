import Foundation
import MastercardMDES
import ProvisioningCrypto
import Testing

@Suite(.timeLimit(.minutes(2))) struct OAuthSignerTests {
    @Test func percentEncodingKeepsOnlyUnreservedCharacters() {
        #expect(OAuthParameters.percentEncode("a-._~Z9") == "a-._~Z9")
        #expect(OAuthParameters.percentEncode("a b!*'()") == "a%20b%21%2A%27%28%29")
        #expect(OAuthParameters.percentEncode("é") == "%C3%A9")
    }
}
