extension FieldProblem {
    /// Builds the JSON Pointer of a coding path, escaping `~` and `/` in keys
    /// as RFC 6901 requires.
    ///
    /// ```swift
    /// catch DecodingError.dataCorrupted(let context) {
    ///     let field = FieldProblem.pointer(for: context.codingPath)   // "/certificateChain/0"
    /// }
    /// ```
    package static func pointer(for codingPath: [any CodingKey]) -> String {
        codingPath.map { key in
            let token =
                key.intValue.map(String.init)
                ?? key.stringValue.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            return "/" + token
        }.joined()
    }
}
