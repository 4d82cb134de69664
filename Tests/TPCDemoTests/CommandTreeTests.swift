import Foundation
import Testing

/// `tpc`'s commands as the built binary declares them: the tree its help
/// lists, walked from `tpc --help`.
@Suite("tpc's command tree", .timeLimit(.minutes(5)))
struct CommandTreeTests {
    /// The leaves of the tree: every command that runs.
    static let commands: Set<[String]> = [
        ["serve"], ["sandbox", "export-leaf-key"], ["sandbox", "device", "create"], ["sandbox", "device", "list"],
        ["sandbox", "device", "remove"], ["demo"], ["issuer", "init"], ["issuer", "encrypt-payload"],
        ["issuer", "mint-code"], ["tokens", "list"], ["tokens", "suspend"], ["tokens", "resume"],
        ["tokens", "delete"], ["doctor"],
    ]

    /// The subcommand names a help text lists under SUBCOMMANDS.
    static func subcommands(_ help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n").prefix { $0.hasPrefix("  ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test("every command is listed in its group's help, answers --help and refuses an unknown option with 64")
    func everyCommandIsListedAndParsed() async throws {
        var pending: [[String]] = [[]]
        var leaves: Set<[String]> = []
        while let path = pending.popLast() {
            let help = try await ToolProcess.run(path + ["--help"])
            #expect(help.status == 0, "\(path): \(help.error)")
            #expect(help.output.contains("USAGE: " + (["tpc"] + path).joined(separator: " ")), "\(path)")
            let names = Self.subcommands(help.output)
            if names.isEmpty {
                leaves.insert(path)
            } else {
                pending += names.map { path + [$0] }
            }
            let refused = try await ToolProcess.run(path + ["--no-such-option"])
            #expect(refused.status == 64, "\(path): \(refused.error)")
            #expect(refused.error.hasPrefix("tpc: unknown option --no-such-option\n"), "\(path): \(refused.error)")
        }
        #expect(leaves == Self.commands)
    }
}
