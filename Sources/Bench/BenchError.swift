/// A benchmark that cannot run (missing file, server not answering, refused
/// requests). Messages name the step, never request contents.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
