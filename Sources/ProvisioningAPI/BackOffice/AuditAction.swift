extension AuditAction {
    /// The audit action recording `action` on a token: `token.` and its name
    /// (``tokenActivate`` … ``tokenDelete``).
    package init(_ action: TokenLifecycleAction) {
        self.init(rawValue: "token." + action.name)
    }
}
