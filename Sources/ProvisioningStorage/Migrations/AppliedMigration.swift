import Foundation

/// A row of `schema_migrations`: a migration that ran, and when.
package struct AppliedMigration: Sendable, Hashable {
    package let version: Int
    package let name: String
    package let appliedAt: Date

    package init(version: Int, name: String, appliedAt: Date) {
        self.version = version
        self.name = name
        self.appliedAt = appliedAt
    }
}
