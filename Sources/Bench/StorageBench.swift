enum StorageBench {
    static func run(_ arguments: [String]) async throws {
        print("Storage benchmarks not written yet")
    }
}
