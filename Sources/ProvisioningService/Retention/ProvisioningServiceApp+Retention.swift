extension ProvisioningServiceApp {
    /// The retention job of the service's tables (``RetentionRule/service(_:codeLeeway:)``)
    /// plus `extraRules` — the sandbox's — on the service's database, metrics,
    /// log and clock. Not started: call ``RetentionJob/start()``.
    ///
    /// ```swift
    /// let job = app.retentionJob(RetentionSettings(interval: .seconds(60)))
    /// job.start()
    /// ```
    package func retentionJob(_ settings: RetentionSettings, extraRules: [RetentionRule] = []) -> RetentionJob {
        RetentionJob(
            rules: RetentionRule.service(settings, codeLeeway: context.codeVerifier.leeway) + extraRules,
            interval: settings.interval, database: context.database, metrics: metrics, log: context.log,
            clock: context.clock)
    }
}
