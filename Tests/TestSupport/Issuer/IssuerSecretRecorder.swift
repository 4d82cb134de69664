/// Hears every secret an ``IssuerBackend`` makes — authorization codes and
/// PANs — so that a test can look for each one later where it must not be
/// (logs, databases, metrics).
package protocol IssuerSecretRecorder: Sendable {
    func recordCode(_ code: String)
    func recordPAN(_ pan: String)
}
