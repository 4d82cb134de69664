extension ReadinessResponse {
    /// The answer for `checks`: `UP` when every one of them is up.
    package init(checks: [ReadinessCheck]) {
        self.checks = checks
        self.status = checks.allSatisfy { $0.status == .up } ? .up : .down
    }
}
