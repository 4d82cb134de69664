enum HTTPBench {
    static func serve(_ arguments: [String]) async throws {
        print("HTTP benchmark server not written yet")
    }
}
