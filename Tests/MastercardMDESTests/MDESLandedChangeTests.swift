import ProvisioningService
import Testing

@testable import MastercardMDES

/// When an answer to a change is lost, what `/search` must show for the
/// connector to report the change as made (MDES's suspender rules).
@Suite(.timeLimit(.minutes(3))) struct MDESLandedChangeTests {
    @Test func aSuspendLandedWhenTheIssuerIsAmongTheSuspenders() {
        #expect(MDESConnector.landed(.suspend, state: .suspended, suspenders: ["I"]))
        #expect(MDESConnector.landed(.suspend, state: .suspended, suspenders: ["C", "I"]))
        // The cardholder's suspension alone is not the issuer's.
        #expect(!MDESConnector.landed(.suspend, state: .suspended, suspenders: ["C"]))
        #expect(!MDESConnector.landed(.suspend, state: .active, suspenders: nil))
        // Without Suspenders, the state decides.
        #expect(MDESConnector.landed(.suspend, state: .suspended, suspenders: nil))
    }

    @Test func anUnsuspendLandedWhenNeitherTheIssuerNorTheCardholderHoldsTheToken() {
        #expect(MDESConnector.landed(.resume, state: .active, suspenders: nil))
        // Another party still holds it: the issuer's part was done.
        #expect(MDESConnector.landed(.resume, state: .suspended, suspenders: ["W"]))
        #expect(!MDESConnector.landed(.resume, state: .suspended, suspenders: ["I"]))
        #expect(!MDESConnector.landed(.resume, state: .suspended, suspenders: ["C"]))
        #expect(!MDESConnector.landed(.resume, state: .suspended, suspenders: nil))
    }

    @Test func deleteAndActivateLandedWhenTheStateIsTheirs() {
        #expect(MDESConnector.landed(.delete, state: .deleted, suspenders: nil))
        #expect(!MDESConnector.landed(.delete, state: .suspended, suspenders: ["I"]))
        #expect(MDESConnector.landed(.activate, state: .active, suspenders: nil))
        #expect(!MDESConnector.landed(.activate, state: .inactive, suspenders: nil))
    }
}
