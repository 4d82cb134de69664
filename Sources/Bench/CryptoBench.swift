enum CryptoBench {
    static func run(_ arguments: [String]) async throws {
        print("Crypto benchmarks not written yet")
    }
}
