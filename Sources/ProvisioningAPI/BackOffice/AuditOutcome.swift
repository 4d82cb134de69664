/// How an audited operation ended.
package enum AuditOutcome: String, WireEnumeration {
    /// Done as asked.
    case success = "SUCCESS"
    /// Refused because of the request: bad input, bad code, illegal transition.
    case rejected = "REJECTED"
    /// Refused by the card network (ID&V decline).
    case declined = "DECLINED"
    /// Failed on the service's or the network's side.
    case failed = "FAILED"
}
