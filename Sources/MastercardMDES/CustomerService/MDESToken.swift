/// A token as `/search` reports it (the members the connector reads and the
/// sandbox writes; MDES sends more, which are ignored).
package struct MDESToken: Codable, Sendable, Hashable {
    /// `Device`.
    package struct Device: Codable, Sendable, Hashable {
        package var deviceId: String?
        package var deviceName: String?
        /// `"09"` a phone with a secure element, `"03"` a watch, …
        package var deviceType: String?

        package init(deviceId: String?, deviceName: String?, deviceType: String?) {
            self.deviceId = deviceId
            self.deviceName = deviceName
            self.deviceType = deviceType
        }

        enum CodingKeys: String, CodingKey {
            case deviceId = "DeviceId", deviceName = "DeviceName", deviceType = "DeviceType"
        }
    }

    /// `Suspenders`.
    package struct Suspenders: Codable, Sendable, Hashable {
        /// `"I"` issuer, `"C"` cardholder, `"W"` token requestor, `"P"`/`"M"` Mobile PIN services.
        package var suspender: [String]?

        package init(suspender: [String]?) { self.suspender = suspender }

        enum CodingKeys: String, CodingKey { case suspender = "Suspender" }
    }

    package var tokenUniqueReference: String?
    package var primaryAccountNumberUniqueReference: String?
    package var tokenSuffix: String?
    /// `MMYY`.
    package var expirationDate: String?
    /// `"U"` unmapped, `"A"` active, `"S"` suspended, `"D"` deleted.
    package var currentStatusCode: String?
    package var currentStatusDescription: String?
    package var currentStatusDateTime: String?
    package var tokenRequestorId: String?
    package var tokenType: String?
    package var device: Device?
    package var suspenders: Suspenders?

    package init(
        tokenUniqueReference: String?, primaryAccountNumberUniqueReference: String? = nil, tokenSuffix: String?,
        expirationDate: String?, currentStatusCode: String?, currentStatusDescription: String?,
        currentStatusDateTime: String? = nil, tokenRequestorId: String?, tokenType: String? = "S",
        device: Device?, suspenders: Suspenders?
    ) {
        self.tokenUniqueReference = tokenUniqueReference
        self.primaryAccountNumberUniqueReference = primaryAccountNumberUniqueReference
        self.tokenSuffix = tokenSuffix
        self.expirationDate = expirationDate
        self.currentStatusCode = currentStatusCode
        self.currentStatusDescription = currentStatusDescription
        self.currentStatusDateTime = currentStatusDateTime
        self.tokenRequestorId = tokenRequestorId
        self.tokenType = tokenType
        self.device = device
        self.suspenders = suspenders
    }

    enum CodingKeys: String, CodingKey {
        case tokenUniqueReference = "TokenUniqueReference"
        case primaryAccountNumberUniqueReference = "PrimaryAccountNumberUniqueReference"
        case tokenSuffix = "TokenSuffix", expirationDate = "ExpirationDate"
        case currentStatusCode = "CurrentStatusCode", currentStatusDescription = "CurrentStatusDescription"
        case currentStatusDateTime = "CurrentStatusDateTime", tokenRequestorId = "TokenRequestorId"
        case tokenType = "TokenType", device = "Device", suspenders = "Suspenders"
    }
}
