import Foundation
import ProvisioningAPI

/// One token of a card, as ``TPCSDK/getTokens(card:completion:)`` lists it:
/// where it lives, who requested it and its state.
public struct Token: Hashable, Sendable, Identifiable {
    /// The token's state at the service.
    public enum State: String, Hashable, Sendable, CaseIterable {
        /// Waiting for ID&V; the pass reads "requires activation".
        case inactive
        /// Usable for payments.
        case active
        /// Temporarily unusable.
        case suspended
        /// Removed for good.
        case deleted
    }

    /// Where the token is relative to this app's device.
    public enum Location: String, Hashable, Sendable {
        /// A pass of this iPhone holds the token.
        case thisDevice
        /// A pass of the paired Apple Watch holds the token.
        case pairedWatch
        /// Another device (another phone, a car, a ring…), or a pass this app
        /// cannot see.
        case elsewhere
    }

    /// The device the token was provisioned to.
    public struct Device: Hashable, Sendable {
        /// The network's identifier of the device.
        public var id: String
        /// The user-visible name ("Anna's Apple Watch").
        public var name: String
        /// The kind of device.
        public var type: DeviceKind
    }

    /// The kind of device a token lives on.
    public enum DeviceKind: String, Hashable, Sendable {
        /// An iPhone or another phone.
        case phone
        /// An Apple Watch.
        case watch
        /// An iPad.
        case tablet
        /// Anything else (a car, a ring, a computer…).
        case other
    }

    /// The token's identifier; Apple's `deviceAccountIdentifier`.
    public var id: String
    /// The token's state.
    public var state: State
    /// The token's last four digits.
    public var suffix: String
    /// The funding PAN's last four digits.
    public var primaryAccountNumberSuffix: String
    /// The token's expiry, `MM/YY`.
    public var expiry: String
    /// The device the token lives on.
    public var device: Device
    /// The token requestor (wallet provider) identifier.
    public var tokenRequestorId: String
    /// The token requestor's name, when known.
    public var tokenRequestorName: String?
    /// The card's network as the service spells it.
    public var scheme: String
    /// Where the token is relative to this device.
    public var location: Location
    /// When the token was created.
    public var createdAt: Date

    /// Whether a pass of this iPhone holds the token.
    public var isOnCurrentDevice: Bool { location == .thisDevice }

    init(_ info: TokenInfo, location: Location) {
        id = info.tokenId
        state = State(info.state)
        suffix = info.tokenSuffix
        primaryAccountNumberSuffix = info.panSuffix
        expiry = info.tokenExpiry
        device = Device(id: info.device.id, name: info.device.name, type: DeviceKind(info.device.type))
        tokenRequestorId = info.tokenRequestorId
        tokenRequestorName = info.tokenRequestorName
        scheme = info.scheme.rawValue
        self.location = location
        createdAt = info.createdAt
    }
}

extension Token.State {
    init(_ status: TokenStatus) {
        switch status {
        case .inactive: self = .inactive
        case .active: self = .active
        case .suspended: self = .suspended
        case .deleted: self = .deleted
        }
    }
}

extension Token.DeviceKind {
    init(_ type: DeviceType) {
        switch type {
        case .phone: self = .phone
        case .watch: self = .watch
        case .tablet: self = .tablet
        case .other: self = .other
        }
    }
}
