import PackagePlugin

/// Generates ProvisioningAPI's wire types from its `openapi.json` (see
/// WireTypeGenerator), so that the document and the Swift types cannot drift
/// apart.
@main
struct WireTypes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let document = target.directoryURL.appending(path: "openapi.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "WireTypes.swift")
        return [
            .buildCommand(
                displayName: "Generating \(target.name)'s wire types from openapi.json",
                executable: try context.tool(named: "WireTypeGenerator").url,
                arguments: [document.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [document],
                outputFiles: [output]
            )
        ]
    }
}
