import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a parsed command and returns the process exit code (docs/api.md, "Command line": 0 done, 1
/// failure).
public func run(_ command: RosterCommand) -> Int32 {
    switch command {
    case .help:
        print(RosterCommand.usage)
        return 0
    case .seed(let options):
        return report { try SeedCommand.run(options, migrations: options.migrationsDirectory) }
    case .serve(let options):
        return report { try ServeCommand.run(options) }
    case .importFile(let options):
        do {
            return try ImportCommand.run(options)
        } catch {
            printError("roster: \(error)")
            return 1
        }
    }
}

/// Runs `body`; a thrown error becomes one line on stderr and exit code 1.
func report(_ body: () throws -> Void) -> Int32 {
    do {
        try body()
        return 0
    } catch {
        printError("roster: \(error)")
        return 1
    }
}

extension RosterCommand {
    /// The command's name as typed.
    public var name: String {
        switch self {
        case .serve: "serve"
        case .seed: "seed"
        case .importFile: "import"
        case .help: "help"
        }
    }
}

/// Writes `message` and a newline to standard error (through the one `Logger`).
public func printError(_ message: String) {
    Logger.standardError.log(message)
}

/// The process environment as a dictionary.
public enum ProcessEnvironment {
    /// Every `NAME=value` of `environ`.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
