/// The kind of simulated Apple device.
package enum SandboxDeviceKind: String, WireEnumeration {
    /// An iPhone: has its own pass library.
    case iPhone = "IPHONE"
    /// An Apple Watch, paired with an iPhone.
    case watch = "WATCH"
}
