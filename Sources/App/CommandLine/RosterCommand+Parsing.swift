import Contacts
import Phones

extension RosterCommand {
    /// Parses the arguments after the program name.
    ///
    /// Flags take their value as the next argument or after `=` (`--port=0`).
    /// The environment supplies what the contract lets it (`ROSTER_ADMIN_TOKEN`); a flag wins.
    /// - Throws: `UsageError` naming the argument at fault.
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(UsageError) -> RosterCommand {
        var words = ArgumentWords(arguments)
        if words.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        let name = words.peek.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
        if words.peek == name { words.next() }
        switch name {
        case "help":
            return .help
        case "serve":
            return .serve(try parseServe(&words, environment: environment))
        case "seed":
            return .seed(try parseSeed(&words))
        case "import":
            return .importFile(try parseImport(&words))
        default:
            throw UsageError("unknown command '\(name)'; the commands are serve, seed and import")
        }
    }

    private static func parseServe(
        _ words: inout ArgumentWords, environment: [String: String]
    ) throws(UsageError) -> ServeOptions {
        var options = ServeOptions()
        options.adminToken = environment["ROSTER_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        while let flag = try words.nextFlag() {
            switch flag {
            case "--host": options.host = try words.value(of: flag)
            case "--port": options.port = try words.integer(of: flag, in: 0...65535)
            case "--db": options.database = try words.value(of: flag)
            case "--seed":
                options.seed = try words.integer(of: flag, in: 0...100_000_000)
                options.seedGiven = true
            case "--read-db": options.readDatabases.append(try words.value(of: flag))
            case "--row-cache-mb": options.rowCacheMiB = try words.integer(of: flag, in: 0...(1 << 20))
            case "--public": options.publicDirectory = try words.value(of: flag)
            case "--migrations": options.migrationsDirectory = try words.value(of: flag)
            case "--locale": options.locale = try locale(words.value(of: flag))
            case "--admin-token": options.adminToken = try words.value(of: flag)
            case "--public-read": options.publicRead = true
            case "--trusted-proxy": options.trustedProxies.append(try words.value(of: flag))
            case "--max-import-bytes": options.maxImportBytes = try words.integer(of: flag, in: 1...(1 << 40))
            case "--max-connections": options.maxConnections = try words.integer(of: flag, in: 1...1_000_000)
            case "--trace-requests": options.traceRequests = try words.value(of: flag)
            case "--photo-cache": options.photoCache = try words.value(of: flag)
            case "--region": options.region = try region(try words.value(of: flag))
            default: throw UsageError("serve: unknown option '\(flag)'")
            }
        }
        try words.expectEnd(command: "serve")
        try options.checkReadsAreGuarded()
        return options
    }

    /// The phone region `--region` names: an ISO 3166 alpha-2 code libphonenumber
    /// knows, in either case ("gb" is GB).
    private static func region(_ text: String) throws(UsageError) -> PhoneRegion {
        guard let region = PhoneRegion(text.uppercased()) else {
            throw UsageError(
                "serve: --region '\(text.prefix(40))' is not a region phone numbers are known for: give a "
                    + "two-letter ISO 3166 country code, such as --region US, --region GB or --region DE")
        }
        return region
    }

    private static func parseSeed(_ words: inout ArgumentWords) throws(UsageError) -> SeedOptions {
        var database: String?
        var count: Int?
        var randomSeed: UInt64 = 1
        var notesPercent = SyntheticContacts.defaultNotesPercent
        var migrations = "Migrations"
        var locale: String?
        while let flag = try words.nextFlag() {
            switch flag {
            case "--db": database = try words.value(of: flag)
            case "--notes": notesPercent = try words.integer(of: flag, in: 0...100)
            case "--count": count = try words.integer(of: flag, in: 0...100_000_000)
            case "--random-seed":
                let text = try words.value(of: flag)
                guard let value = UInt64(text) else {
                    throw UsageError("--random-seed '\(text)' is not a whole number from 0 to \(UInt64.max)")
                }
                randomSeed = value
            case "--migrations": migrations = try words.value(of: flag)
            case "--locale": locale = try Self.locale(words.value(of: flag))
            default: throw UsageError("seed: unknown option '\(flag)'")
            }
        }
        try words.expectEnd(command: "seed")
        guard let database else { throw UsageError("seed needs --db PATH") }
        guard let count else { throw UsageError("seed needs --count N") }
        var options = SeedOptions(database: database, count: count, randomSeed: randomSeed)
        options.notesPercent = notesPercent
        options.migrationsDirectory = migrations
        options.locale = locale
        return options
    }

    /// `--locale`'s tag, checked: one ICU reads a language from (docs/api.md, "The list's locale").
    private static func locale(_ tag: String) throws(UsageError) -> String {
        guard (try? ListLocale.named(tag)) != nil else {
            throw UsageError(ContactsError.unknownLocale(tag).description)
        }
        return tag
    }

    private static func parseImport(_ words: inout ArgumentWords) throws(UsageError) -> ImportOptions {
        var database: String?
        var file: String?
        var mode = ImportOptions.Mode.append
        var errors = ImportOptions.ErrorPolicy.abort
        var migrations = "Migrations"
        while !words.isAtEnd {
            guard let flag = try words.nextFlag() else {
                guard file == nil else {
                    throw UsageError("import takes one FILE.csv; '\(words.peek ?? "")' is a second one")
                }
                file = words.next()
                continue
            }
            switch flag {
            case "--db": database = try words.value(of: flag)
            case "--mode": mode = try words.choice(of: flag)
            case "--errors": errors = try words.choice(of: flag)
            case "--migrations": migrations = try words.value(of: flag)
            default: throw UsageError("import: unknown option '\(flag)'")
            }
        }
        guard let database else { throw UsageError("import needs --db PATH") }
        guard let file else { throw UsageError("import needs the CSV file to read") }
        var options = ImportOptions(database: database, file: file, mode: mode, errors: errors)
        options.migrationsDirectory = migrations
        return options
    }
}
