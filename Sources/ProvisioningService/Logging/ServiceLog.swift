import Foundation

/// Writes the service's log records to a ``LogSink``, stamping each with the
/// service clock.
struct ServiceLog: Sendable {
    let sink: LogSink
    let clock: @Sendable () -> Date

    func info(_ event: String, _ fields: [String: String] = [:]) {
        sink(LogRecord(date: clock(), level: .info, event: event, fields: fields))
    }

    func warning(_ event: String, _ fields: [String: String] = [:]) {
        sink(LogRecord(date: clock(), level: .warning, event: event, fields: fields))
    }

    func error(_ event: String, _ fields: [String: String] = [:]) {
        sink(LogRecord(date: clock(), level: .error, event: event, fields: fields))
    }
}
