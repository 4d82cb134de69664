/// Why the initializers could not be generated; printed, and the build stops.
struct GeneratorFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
