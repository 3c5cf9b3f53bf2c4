import App

#if canImport(Glibc)
    import Glibc
#endif

/// `roster`: parses the command line and hands it to App. Exit codes are docs/api.md, "Command line":
/// 0 done, 1 runtime failure, 2 bad arguments.
let environment = ProcessEnvironment.current
let command: RosterCommand
do {
    command = try RosterCommand.parse(Array(CommandLine.arguments.dropFirst()), environment: environment)
} catch {
    printError("roster: \(error.message)\n\(RosterCommand.usage)")
    exit(2)
}
exit(run(command))
