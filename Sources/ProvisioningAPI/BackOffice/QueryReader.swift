import Foundation

/// Typed access to query items, shared by the back-office queries.
struct QueryReader {
    private let items: [URLQueryItem]

    init(_ items: [URLQueryItem]) {
        self.items = items
    }

    /// The first non-empty value of `name`.
    func string(_ name: String) -> String? {
        guard let value = items.first(where: { $0.name == name })?.value, !value.isEmpty else { return nil }
        return value
    }

    /// The first value of `name` for a typed parameter: `nil` when absent,
    /// and refused when present but empty (`?limit=` is not a number, nor
    /// `?to=` a date-time), as the OpenAPI document's types say.
    private func typedValue(_ name: String) throws(ProvisioningAPIError) -> String? {
        guard let item = items.first(where: { $0.name == name }) else { return nil }
        guard let value = item.value, !value.isEmpty else {
            throw ProvisioningAPIError(.invalidQueryParameter, "\(name) is empty")
        }
        return value
    }

    func enumeration<Value: WireEnumeration>(_ name: String) throws(ProvisioningAPIError) -> Value? {
        guard let text = try typedValue(name) else { return nil }
        guard let value = Value(caseInsensitive: text) else {
            throw ProvisioningAPIError(.invalidQueryParameter, "\(name) is not a known value")
        }
        return value
    }

    func limit(_ name: String, maximum: Int) throws(ProvisioningAPIError) -> Int? {
        guard let text = try typedValue(name) else { return nil }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw ProvisioningAPIError(.invalidQueryParameter, "\(name) must be an integer in 1...\(maximum)")
        }
        return value
    }

    func date(_ name: String) throws(ProvisioningAPIError) -> Date? {
        guard let text = try typedValue(name) else { return nil }
        guard let date = WireDate.date(from: text) else {
            throw ProvisioningAPIError(.invalidQueryParameter, "\(name) must be an ISO 8601 date-time")
        }
        return date
    }
}
