import Foundation

/// Files under this target's `Fixtures/` folder.
enum Fixtures {
    static func url(_ relativePath: String) throws -> URL {
        guard let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw FixtureMissing(path: relativePath)
        }
        return root.appendingPathComponent(relativePath)
    }

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    struct FixtureMissing: Error {
        let path: String
    }
}

/// Fixed instants, so no test depends on the clock.
enum Instants {
    /// 2025-06-15T12:00:00Z.
    static let midJune2025 = utc(2025, 6, 15, 12, 0, 0)

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }
}
