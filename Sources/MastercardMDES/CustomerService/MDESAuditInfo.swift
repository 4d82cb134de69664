/// Who at the issuer asked for a Customer Service API call (`AuditInfo`):
/// MDES keeps it with the token's history. `UserId`, `UserName` and
/// `Organization` are required; `Phone` is optional.
package struct MDESAuditInfo: Codable, Sendable, Hashable {
    package var userId: String
    package var userName: String
    package var organization: String
    package var phone: String?

    /// The published lengths: 50, 200, 200 and 20 characters.
    package static let limits = (userId: 50, userName: 200, organization: 200, phone: 20)

    package init(userId: String, userName: String, organization: String, phone: String? = nil) {
        self.userId = String(userId.prefix(Self.limits.userId))
        self.userName = String(userName.prefix(Self.limits.userName))
        self.organization = String(organization.prefix(Self.limits.organization))
        self.phone = phone.map { String($0.prefix(Self.limits.phone)) }
    }

    enum CodingKeys: String, CodingKey {
        case userId = "UserId", userName = "UserName", organization = "Organization", phone = "Phone"
    }
}
