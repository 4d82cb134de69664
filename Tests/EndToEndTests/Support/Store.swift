import Testing

/// The database a deployment of `tpc serve` runs on.
enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}
