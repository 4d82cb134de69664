import Foundation

/// A row of `schema_migrations`: a migration that ran, and when.
package struct AppliedMigration: Sendable, Hashable {
    package let version: Int
    package let name: String
    package let appliedAt: Date
}
