import ProvisioningAPI
import ProvisioningService

/// The Customer Service API operations the connector calls and the sandbox
/// answers: path, message names, and the published reason codes.
package enum MDESOperation: String, Sendable, CaseIterable {
    case search
    case suspend
    case unsuspend
    case delete
    case activate
    case systemStatus

    /// Relative to the base URL (`…/mdes/csapi/v2`).
    package var path: String {
        switch self {
        case .search: "/search"
        case .suspend: "/token/suspend"
        case .unsuspend: "/token/unsuspend"
        case .delete: "/token/delete"
        case .activate: "/token/activate"
        case .systemStatus: "/systemstatus"
        }
    }

    /// The request's envelope name (`nil`: `GET /systemstatus` has no body).
    package var requestName: String? {
        switch self {
        case .search: "SearchRequest"
        case .suspend: "TokenSuspendRequest"
        case .unsuspend: "TokenUnsuspendRequest"
        case .delete: "TokenDeleteRequest"
        case .activate: "TokenActivateRequest"
        case .systemStatus: nil
        }
    }

    package var responseName: String {
        switch self {
        case .search: "SearchResponse"
        case .suspend: "TokenSuspendResponse"
        case .unsuspend: "TokenUnsuspendResponse"
        case .delete: "TokenDeleteResponse"
        case .activate: "TokenActivateResponse"
        case .systemStatus: "SystemStatusResponse"
        }
    }

    /// The reason codes the API publishes for the operation.
    package var reasonCodes: Set<String> {
        switch self {
        // L lost, S stolen, T fraudulent transactions, Z other.
        case .suspend: ["L", "S", "T", "Z"]
        // F found / not stolen, T no fraud after all, Z other.
        case .unsuspend: ["F", "T", "Z"]
        // L lost, S stolen, F (deprecated) and T fraud, C account closed, Z other.
        case .delete: ["L", "S", "F", "T", "C", "Z"]
        // A authenticated by the cardholder, C with a customer service agent.
        case .activate: ["A", "C"]
        case .search, .systemStatus: []
        }
    }

    /// The change operation of a lifecycle action.
    package init(_ action: TokenLifecycleAction) {
        switch action {
        case .suspend: self = .suspend
        case .resume: self = .unsuspend
        case .delete: self = .delete
        case .activate: self = .activate
        }
    }
}
