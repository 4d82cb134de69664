import Testing

@testable import ProvisioningStorage

@Suite("Placeholder rewriting for PostgreSQL", .timeLimit(.minutes(10)))
struct PlaceholderRewriterTests {
    @Test func questionMarksBecomeNumberedParameters() throws {
        let rewritten = try PlaceholderRewriter.rewrite("SELECT * FROM t WHERE a = ? AND b IN (?, ?)")
        #expect(rewritten.sql == "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)")
        #expect(rewritten.parameterCount == 3)
    }

    @Test(arguments: [
        "SELECT 'a?b', ?", "SELECT 'it''s?', ?", "SELECT E'\\'?', ?", "SELECT \"c?\" FROM t WHERE x = ?",
        "SELECT $$ ? $$, ?", "SELECT $tag$ ?$ $tag$, ?", "SELECT 1 -- ?\n, ?", "SELECT /* ? /* ? */ ? */ 1, ?",
    ])
    func questionMarksInsideQuotesAndCommentsStay(sql: String) throws {
        let rewritten = try PlaceholderRewriter.rewrite(sql)
        #expect(rewritten.parameterCount == 1)
        #expect(rewritten.sql.hasSuffix("$1"))
        #expect(rewritten.sql.dropLast(2) == sql.dropLast(1))
    }

    @Test func numberedParametersPassThrough() throws {
        let rewritten = try PlaceholderRewriter.rewrite("SELECT $1, $2, $1")
        #expect(rewritten.sql == "SELECT $1, $2, $1")
        #expect(rewritten.parameterCount == 2)
    }

    @Test func mixingFormsIsMisuse() {
        let error = #expect(throws: StorageError.self) { try PlaceholderRewriter.rewrite("SELECT $1, ?") }
        #expect(error?.code == .misuse)
    }

    @Test func dollarSignsInsideIdentifiersAreNotQuotes() throws {
        let rewritten = try PlaceholderRewriter.rewrite("SELECT a$b$ FROM t WHERE x = ?")
        #expect(rewritten.sql == "SELECT a$b$ FROM t WHERE x = $1")
    }
}
