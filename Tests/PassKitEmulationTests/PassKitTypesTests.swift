import Foundation
import Testing

@testable import PassKitEmulation

@Suite struct PassKitTypesTests {
    @Test func errorCodesMatchApple() {
        #expect(PKAddPaymentPassError.unsupported.rawValue == 0)
        #expect(PKAddPaymentPassError.userCancelled.rawValue == 1)
        #expect(PKAddPaymentPassError.systemCancelled.rawValue == 2)
        #expect(PKAddPaymentPassError.userCancelled.error().domain == PKPassKitErrorDomain)
    }
}
