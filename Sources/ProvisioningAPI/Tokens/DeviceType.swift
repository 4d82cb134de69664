/// The kind of device a token lives on.
package enum DeviceType: String, WireEnumeration {
    /// An iPhone (or another phone).
    case phone = "PHONE"
    /// An Apple Watch.
    case watch = "WATCH"
    /// An iPad.
    case tablet = "TABLET"
    /// Anything else the network reports (a car, a ring, a computer…).
    case other = "OTHER"
}
