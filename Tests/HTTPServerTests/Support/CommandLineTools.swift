import Foundation
import TPCDemo

/// Runs command-line tools (`curl`, `openssl`) through TPCDemo's
/// `ChildProcess`: bounded, without blocking the cooperative pool; output goes
/// to files so large bodies cannot fill a pipe.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments`; returns its exit status and standard output.
    static func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        do {
            let result = try await ChildProcess.run([executable] + arguments, timeout: .seconds(120))
            return (result.exit.shellStatus, result.outputText)
        } catch let error as DemoError {
            throw Failure(description: error.message)
        }
    }
}

/// What one curl invocation saw.
struct CurlResult {
    var status: Int
    var uploadedBytes: Int
    var headers: [String: String]
    var body: Data

    var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

/// Calls `curl` with `arguments` plus file outputs and returns the last response.
func curl(_ arguments: [String]) async throws -> CurlResult {
    let directory = FileManager.default.temporaryDirectory
    let bodyURL = directory.appendingPathComponent("curl-\(UUID().uuidString).body")
    let headerURL = directory.appendingPathComponent("curl-\(UUID().uuidString).headers")
    defer {
        try? FileManager.default.removeItem(at: bodyURL)
        try? FileManager.default.removeItem(at: headerURL)
    }
    let (status, output) = try await Tool.run(
        "/usr/bin/curl",
        ["-s", "--max-time", "30", "-o", bodyURL.path, "-D", headerURL.path, "-w", "%{http_code} %{size_upload}"]
            + arguments)
    guard status == 0 else { throw Tool.Failure(description: "curl exited with \(status)") }
    let figures = output.split(separator: " ")
    let headerText = (try? String(contentsOf: headerURL, encoding: .utf8)) ?? ""
    // With `Expect: 100-continue` the dump holds several blocks; keep the last.
    let lastBlock = headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }.last ?? ""
    var headers: [String: String] = [:]
    for line in lastBlock.components(separatedBy: "\r\n").dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return CurlResult(
        status: Int(figures.first ?? "") ?? 0, uploadedBytes: Int(figures.dropFirst().first ?? "") ?? -1,
        headers: headers, body: (try? Data(contentsOf: bodyURL)) ?? Data())
}
