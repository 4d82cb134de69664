import Foundation
import Testing

@testable import ProvisioningService

@Suite(.timeLimit(.minutes(3))) struct CardPayloadTests {
    static func decode(_ json: String) -> Result<CardPayload, ServiceError> {
        do throws(ServiceError) {
            return .success(try CardPayload(jsonData: Data(json.utf8)))
        } catch {
            return .failure(error)
        }
    }

    static func issues(_ json: String) -> [FieldIssue] {
        guard case .failure(let error) = decode(json) else { return [] }
        #expect(error.code == .payloadInvalid)
        return error.issues
    }

    @Test func wellFormedPayloadDecodes() throws {
        let json =
            #"{"primaryAccountNumber":"4111111111111111","expiration":"12/29","cardholderName":"Ada","cardReference":"c1"}"#
        let payload = try CardPayload(jsonData: Data(json.utf8))
        #expect(payload.primaryAccountNumber == "4111111111111111")
        #expect(payload.expiration == "12/29")
        #expect(payload.cardholderName == "Ada")
        #expect(payload.cardReference == "c1")
    }

    @Test func cvvAndOtherUnknownMembersAreRefused() {
        let json =
            #"{"primaryAccountNumber":"4111111111111111","expiration":"12/29","cardholderName":"Ada","cardReference":"c1","cvv":"123","expiry":"x"}"#
        #expect(
            Self.issues(json) == [
                FieldIssue(field: "cvv", reason: .unexpectedField),
                FieldIssue(field: "expiry", reason: .unexpectedField),
            ])
    }

    @Test func unknownMemberNamesThatCouldHoldDataAreNotEchoed() {
        let json =
            #"{"primaryAccountNumber":"4111111111111111","expiration":"12/29","cardholderName":"Ada","cardReference":"c1","4111111111111111":1}"#
        #expect(Self.issues(json) == [FieldIssue(field: "(unnamed)", reason: .unexpectedField)])
    }

    @Test func missingAndMistypedMembersAreAllReported() {
        let json = #"{"primaryAccountNumber":4111111111111111,"expiration":null,"cardholderName":["Ada"]}"#
        #expect(
            Self.issues(json) == [
                FieldIssue(field: "primaryAccountNumber", reason: .wrongType),
                FieldIssue(field: "expiration", reason: .missing),
                FieldIssue(field: "cardholderName", reason: .wrongType),
                FieldIssue(field: "cardReference", reason: .missing),
            ])
    }

    @Test(arguments: ["", "not json", "[]", "\"4111111111111111\"", "{\"primaryAccountNumber\": \"4111", "null"])
    func nonObjectsAreMalformed(_ json: String) {
        #expect(Self.issues(json) == [FieldIssue(field: "payload", reason: .invalidFormat)])
    }

    @Test func oversizedPayloadIsRefusedBeforeParsing() {
        let padding = String(repeating: " ", count: CardPayload.maximumEncodedSize)
        let json =
            #"{"primaryAccountNumber":"4111111111111111","expiration":"12/29","cardholderName":"Ada","cardReference":"c1"}"#
            + padding
        #expect(Self.issues(json) == [FieldIssue(field: "payload", reason: .tooLarge)])
    }

    @Test func malformedErrorsNeverQuoteTheInput() {
        let json = #"{"primaryAccountNumber":"4111111111111111","expiration":"12/29""#
        guard case .failure(let error) = Self.decode(json) else {
            Issue.record("truncated JSON was accepted")
            return
        }
        #expect(!"\(error)".contains("4111111111111111"))
        #expect(!String(reflecting: error).contains("4111111111111111"))
    }
}
