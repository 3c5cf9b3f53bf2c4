import App

#if canImport(Glibc)
    import Glibc
#endif

/// `roster`: parses the command line and hands it to App. Exit codes are API.md's:
/// 0 done, 1 runtime failure, 2 bad arguments.
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "probe-window" {
    let result = try! WindowProbe.run(database: CommandLine.arguments[2], requests: 50_000, gzipping: CommandLine.arguments.count < 4)
    print("handler us: \(result.handler), gzip us: \(result.gzip)")
    exit(0)
}
let environment = ProcessEnvironment.current
let command: RosterCommand
do {
    command = try RosterCommand.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    printError("roster: \(error.message)\n\(RosterCommand.usage)")
    exit(2)
}
exit(run(command))
