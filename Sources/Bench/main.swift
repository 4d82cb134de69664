// `tpc-bench`: the measurements behind `make bench`. Each subcommand prints one
// `BENCH {json}` line per figure; scripts/bench.sh collects them into one table.
//
//     tpc-bench crypto                 ECC_V2, CMS, JWT figures; refused payloads' timing
//     tpc-bench decrypt-timing [n]     the refused payloads' timing alone, n attempts of each kind
//     tpc-bench http-serve --port N    a small JSON handler for wrk to load
//     tpc-bench storage sqlite|postgres <url>
//     tpc-bench service-ceiling|service-load …   see ServiceBench.swift
//     tpc-bench extensions             Wallet extension status / passEntries
//     tpc-bench sdk                    getToken over 1,000 passes; SDK vs bare HTTP
//     tpc-bench digitalcards [tpc]     the issuer wallet against tpc serve --sandbox

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "crypto":
        try await CryptoBench.run(Array(arguments.dropFirst()))
    case "decrypt-timing":
        try DecryptFailureTimingBench.run(attempts: Int(arguments.dropFirst().first ?? "") ?? 2_000)
    case "http-serve":
        try await HTTPBench.serve(Array(arguments.dropFirst()))
    case "extensions":
        try ExtensionsBench.run(Array(arguments.dropFirst()))
    case "storage":
        try await StorageBench.run(Array(arguments.dropFirst()))
    case "service-ceiling":
        try ServiceBench.ceiling(Array(arguments.dropFirst()))
    case "service-load":
        try ServiceBench.load(Array(arguments.dropFirst()))
    case "sdk":
        try await SDKBench.run(Array(arguments.dropFirst()))
    case "digitalcards":
        try await DigitalCardsBench.run(Array(arguments.dropFirst()))
    default:
        print("usage: tpc-bench crypto | http-serve --port N | storage sqlite PATH | storage postgres URL")
    }
} catch {
    print("tpc-bench: \(error)")
}
