import Testing

@testable import ProvisioningStorage

/// Which failures are the database's (a 503 for a service) and which the
/// statement's, and the URL parameter libpq never sees.
@Suite("Storage errors and options", .timeLimit(.minutes(3)))
struct StorageErrorTests {
    @Test func failuresOfTheDatabaseAreTemporaryAndFailuresOfTheStatementAreNot() {
        for code in [StorageError.Code.connectionFailure, .poolTimeout, .busy, .serializationFailure] {
            #expect(StorageError(code, "x").isTemporary, "\(code)")
        }
        // Too many clients, shutdown, statement timeout, I/O, lock timeout, a
        // read-only fail-over, and a transaction-mode pooler's prepared statements.
        for sqlState in ["53300", "57P01", "57014", "58030", "08006", "40001", "55P03", "25006", "26000", "42P05"] {
            #expect(StorageError(.other, "x", sqlState: sqlState).isTemporary, "\(sqlState)")
        }
        for sqlState in ["42601", "42P01", "23505", "22P02", "0A000"] {
            #expect(!StorageError(.other, "x", sqlState: sqlState).isTemporary, "\(sqlState)")
        }
        #expect(!StorageError(.uniqueViolation, "x").isTemporary)
        #expect(!StorageError(.misuse, "x").isTemporary)
    }

    @Test func thePreparedStatementsParameterIsTakenOutOfTheURL() throws {
        let options = PostgresOptions()
        let cases: [(String, String, Bool)] = [
            ("postgres://h/db?prepared_statements=off", "postgres://h/db", false),
            ("postgres://h/db?sslmode=require&prepared_statements=false", "postgres://h/db?sslmode=require", false),
            (
                "postgresql://u:p%40ss@h/db?prepared_statements=ON&application_name=tpc",
                "postgresql://u:p%40ss@h/db?application_name=tpc", true
            ),
            ("postgres://h/db?sslmode=require", "postgres://h/db?sslmode=require", true),
            ("host=h dbname=db", "host=h dbname=db", true),
        ]
        for (url, expected, prepares) in cases {
            let (rest, applied) = try options.applyingParameters(of: url)
            #expect(rest == expected)
            #expect(applied.preparesBatchStatements == prepares, "\(url)")
        }
        #expect(throws: StorageError.self) {
            try options.applyingParameters(of: "postgres://h/db?prepared_statements=")
        }
    }
}
