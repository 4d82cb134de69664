extension SandboxPass {
    /// The wallet type of every payment pass.
    package static let paymentPassTypeIdentifier = "paymentpass.com.apple"
}
