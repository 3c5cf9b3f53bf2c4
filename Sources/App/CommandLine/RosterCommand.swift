import Contacts
import Phones

/// A parsed `roster` command line (docs/api.md, "Command line").
public enum RosterCommand: Equatable, Sendable {
    /// `roster [serve] ...`: serve the list over HTTP.
    case serve(ServeOptions)
    /// `roster seed --db PATH --count N [--random-seed S]`.
    case seed(SeedOptions)
    /// `roster import --db PATH [--mode append|replace|merge] [--errors abort|skip] FILE.csv`.
    case importFile(ImportOptions)
    /// `roster --help`, `roster help`, or `--help` after any command.
    case help

    /// The usage text printed by `--help` and after a bad argument.
    public static let usage = """
        usage: roster [serve] [--host 127.0.0.1] [--port 8080] [--db roster.sqlite]
                              [--seed N] [--public DIR] [--migrations DIR] [--admin-token T]
                              [--public-read] [--trusted-proxy ADDRESS]...
                              [--max-import-bytes N] [--max-connections N] [--read-db URL]...
                              [--trace-requests FILE] [--photo-cache DIR]
                              [--row-cache-mb N] [--locale TAG] [--region CC]
               roster seed    --db PATH --count N [--random-seed S] [--notes PERCENT]
                      [--migrations DIR] [--locale TAG]
               roster import  --db PATH [--mode append|replace|merge] [--errors abort|skip]
                              [--migrations DIR] FILE.csv
               roster --help

        serve   answer window requests over HTTP (the default command); an empty
                database is first seeded with --seed contacts (default 1000000, 0 for none)
        seed    fill a database with N synthetic contacts, the same for the same --random-seed;
                --notes gives that percent of them notes (default 20; 0 for none)
        import  load contacts from a CSV file (first line: column names)

        --db takes a SQLite file or a PostgreSQL URL (postgres://user@host:port/db);
        on PostgreSQL, --read-db names a streaming replica reads may go to (repeatable),
        and serve seeds only when --seed is given.

        --max-connections caps open client connections (default 10000); past it, new
        ones are accepted and closed at once.
        --trace-requests appends one JSON line per request read to FILE (method, target,
        body bytes, outcome, the client's address): for comparing with what a proxy sent.
        --photo-cache is the folder photo thumbnails are kept in (default: beside a SQLite
        file, DB-thumbnails; none on PostgreSQL), at most 256 MiB.
        The admin token may also come from the ROSTER_ADMIN_TOKEN environment variable.
        On a --host other than a loopback address, reads need the admin token too (a
        Bearer header, or the page's sign-in); serve refuses to start there without
        --admin-token unless --public-read lets anyone who reaches it read every contact.
        --trusted-proxy names a proxy whose X-Forwarded-For tells clients apart (repeatable).
        --region is the ISO 3166 country code phone numbers typed without their country
        code are read in (default US): for search, merging imports and how they are shown.
        """
}

/// Options of `roster serve`.
public struct ServeOptions: Equatable, Sendable {
    /// Address to listen on.
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one.
    public var port = 8080
    /// SQLite database file, created if missing, or a PostgreSQL URL (`postgres://...`).
    public var database = "roster.sqlite"
    /// PostgreSQL streaming replicas reads may go to (`--read-db`, repeatable).
    public var readDatabases: [String] = []
    /// MiB of window rows a server on PostgreSQL keeps in memory (`PostgresRowCache`).
    public var rowCacheMiB = 256
    /// Contacts to seed into an empty database; 0 seeds none.
    public var seed = 1_000_000
    /// Whether `--seed` was given: on PostgreSQL, `serve` seeds only then.
    public var seedGiven = false
    /// Folder of static files served at `/`.
    public var publicDirectory = "Public"
    /// Folder of `NNNN_name.sql` migrations.
    public var migrationsDirectory = "Migrations"
    /// The list's locale (`--locale`, a BCP 47 tag); nil: the list's own, else the environment's.
    public var locale: String?
    /// Bearer token required for writes, and for reads off loopback; nil when unset.
    public var adminToken: String?
    /// Off loopback, serve reads to anyone (`--public-read`), not only to holders of the token.
    public var publicRead = false
    /// Proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`, repeatable).
    public var trustedProxies: [String] = []
    /// Largest import body accepted (413 beyond).
    public var maxImportBytes = 1 << 30
    /// Open connections at most; past it, new ones are closed at once.
    public var maxConnections = 10_000
    /// File that gets one JSON line per request read (`--trace-requests`); nil: none.
    public var traceRequests: String?
    /// Folder the photos' thumbnails are kept in (`--photo-cache`); nil: beside a SQLite file
    /// (`ROSTER.sqlite-thumbnails`), none on PostgreSQL (docs/api.md, "Photos").
    public var photoCache: String?
    /// Seconds a quiet `/events` stream waits before a `: keep-alive` comment.
    public var eventHeartbeat = 15.0
    /// The list's phone region (`--region`); nil reads phones in the list locale's region
    /// (`ListLocale.phoneRegion`).
    public var region: PhoneRegion?

    /// The defaults of docs/api.md, "Command line".
    public init() {}

    /// Refuses to serve every contact to a network: on a non-loopback `host`,
    /// without `--admin-token` and without `--public-read` (docs/security.md, "Security").
    /// - Throws: `UsageError` naming both flags (`serve` exits 2).
    public func checkReadsAreGuarded() throws(UsageError) {
        guard adminToken == nil, !publicRead, !WriteGate.isLoopbackAddress(host) else { return }
        throw UsageError(
            "serve: --host \(host) is not a loopback address, so anyone who can reach it would read every "
                + "contact: pass --admin-token T (or set ROSTER_ADMIN_TOKEN) so that reads need the token, or "
                + "--public-read to serve them to anyone")
    }
}

/// Options of `roster seed`.
public struct SeedOptions: Equatable, Sendable {
    /// SQLite database file.
    public var database: String
    /// Contacts to create.
    public var count: Int
    /// Seed of the generator: the same seed gives the same contacts.
    public var randomSeed: UInt64 = 1
    /// Percent of contacts with notes (0 to 100; `--notes 0` for rows all 56 px).
    public var notesPercent = SyntheticContacts.defaultNotesPercent
    /// Folder of `NNNN_name.sql` migrations.
    public var migrationsDirectory = "Migrations"
    /// The list's locale (`--locale`, a BCP 47 tag); nil: the list's own, else the environment's.
    public var locale: String?

    /// Seed `count` contacts into `database`.
    public init(database: String, count: Int, randomSeed: UInt64 = 1) {
        self.database = database
        self.count = count
        self.randomSeed = randomSeed
    }
}

/// Options of `roster import`.
public struct ImportOptions: Equatable, Sendable {
    /// How imported rows meet the contacts already stored (Storage's one definition).
    public typealias Mode = ImportMode
    /// What a bad row does (Storage's one definition).
    public typealias ErrorPolicy = ImportErrorPolicy

    /// SQLite database file.
    public var database: String
    /// The CSV file to read.
    public var file: String
    /// Append (default) or replace.
    public var mode = Mode.append
    /// Folder of `NNNN_name.sql` migrations.
    public var migrationsDirectory = "Migrations"
    /// Abort (default) or skip bad rows.
    public var errors = ErrorPolicy.abort

    /// Import `file` into `database`.
    public init(database: String, file: String, mode: Mode = .append, errors: ErrorPolicy = .abort) {
        self.database = database
        self.file = file
        self.mode = mode
        self.errors = errors
    }
}

/// A command line that cannot be run as written; the message says what to change.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, for a person.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
