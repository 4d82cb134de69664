/// Whether the service, or one of its dependencies, can serve.
package enum HealthStatus: String, WireEnumeration {
    /// Working.
    case up = "UP"
    /// Not working; see the check's detail.
    case down = "DOWN"
}
