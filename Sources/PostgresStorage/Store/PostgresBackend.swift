import Contacts
import Foundation
import Phones
import Synchronization

/// A PostgreSQL database (and its read replicas) as the server, `roster seed` and
/// `roster import` use it (`ContactBackend`): shared by every server on it, each
/// following the others' writes; event loops take the replicas in turn, sharing one
/// row cache and one in-memory search index.
public final class PostgresBackend: ContactBackend {
    /// The primary.
    public let url: String
    private let replicas: [String]
    private let migrations: String
    private let rowCacheBytes: Int
    private let now: @Sendable () -> UInt64
    private let log: @Sendable (String) -> Void
    /// The region `--region` named, or nil for the list locale's.
    private let region: PhoneRegion?
    /// What every event loop's source shares, made by `prepareToServe`.
    private let serving = Mutex<Serving?>(nil)
    /// The number of sources opened, for taking the replicas in turn.
    private let opened = Atomic<Int>(0)
    /// The locale asked for (`--locale`), or nil for the list's own.
    private let requestedLocale: String?
    /// The locale `settleLocale()` made the list's.
    private let settled = Mutex<ListLocale?>(nil)

    private struct Serving: Sendable {
        let rows: PostgresRowCache
        let fence: PostgresVersionFence
        let search: PostgresSearchIndex
    }

    /// The database at `url` (read through `replicas` when given), migrated with the
    /// files of the folder `migrations`. A server keeps window rows in `rowCacheBytes`,
    /// and shares the primary's version as last asked, timed by `now` (monotonic
    /// nanoseconds, the clock requests are stamped with); `log` gets a line for each
    /// step of the preparation. The list is made `locale`'s (a BCP 47 tag; nil keeps its own).
    /// Phones are read in `region`, else in the list locale's (`ListLocale.phoneRegion`): every
    /// server on the database should read them in the same one.
    public init(
        url: String, replicas: [String] = [], migrations: String, locale: String? = nil,
        rowCacheBytes: Int = PostgresRowCache.defaultCapacity, region: PhoneRegion? = nil,
        now: @escaping @Sendable () -> UInt64, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.region = region
        self.url = url
        self.replicas = replicas
        self.migrations = migrations
        self.requestedLocale = locale
        self.rowCacheBytes = rowCacheBytes
        self.now = now
        self.log = log
    }

    public var isShared: Bool { true }
    public var name: String { "PostgreSQL" }
    /// None: PostgreSQL keeps its own log.
    public var checkpointsAfterWrites: Bool { false }
    public var searcher: any ContactSearching { SourceSearch() }

    public func migrate() throws {
        try PostgresMigrator(directory: migrations).migrate(PostgresConnection(url: url))
    }

    public func settleLocale() throws -> ListLocale {
        try migrate()
        let connection = try PostgresConnection(url: url)
        let tag =
            try requestedLocale ?? PostgresLocale.stored(connection)?.tag
            ?? ListLocale.fromEnvironment(ProcessInfo.processInfo.environment)
        let locale = try ListLocale.named(tag)
        try PostgresLocale.settle(locale, on: connection, progress: log)
        settled.withLock { $0 = locale }
        return locale
    }

    /// Where the list's phones are read (docs/api.md, "Phone numbers").
    public var phoneRegion: PhoneRegion { region ?? locale.phoneRegion }

    public var locale: ListLocale {
        settled.withLock { $0 } ?? (try? PostgresConnection(url: url)).map { PostgresLocale.of($0) }
            ?? .english
    }

    public func isEmpty() throws -> Bool {
        try migrate()
        let store = try PostgresStore(primaryURL: url)
        return try store.readingOnce { try store.listState() }.total == 0
    }

    public func seed(count: Int, randomSeed: UInt64, notesPercent: Int, progress: @escaping (Int) -> Void)
        throws
    {
        _ = try settleLocale()
        try PostgresSeeder.seed(
            url: url, count: count, randomSeed: randomSeed, notesPercent: notesPercent, region: phoneRegion,
            progress: progress)
    }

    public func prepareToServe(seed: Int, progress: @escaping (Int) -> Void, loading: () -> Void) throws
        -> ListState
    {
        _ = try settleLocale()
        let store = try PostgresStore(primaryURL: url)
        var state = try store.readingOnce { try store.listState() }
        if state.total == 0 && seed > 0 {
            do {
                try PostgresSeeder.seed(
                    url: url, count: seed, randomSeed: 1, region: phoneRegion, progress: progress)
            } catch ContactsError.notEmpty {
                log("roster: another server seeded the database first")
            }
            state = try store.readingOnce { try store.listState() }
        }
        loading()
        // Shared by every loop: window rows by (id, revision), and the primary's version as last asked.
        let rows = PostgresRowCache(capacity: rowCacheBytes)
        rows.warm(url: replicas.first ?? url, log: log)
        // Every contact's searched words in memory, read now on a thread of its own.
        let search = PostgresSearchIndex(url: url, log: log)
        search.build()
        serving.withLock { $0 = Serving(rows: rows, fence: PostgresVersionFence(now: now), search: search) }
        return state
    }

    public func openSource() throws -> any ContactSource {
        let serving = serving.withLock { $0 }
        // Event loops take the replicas in turn.
        let turn = opened.add(1, ordering: .relaxed).oldValue
        return try PostgresStore(
            primaryURL: url, replicaURL: replicas.isEmpty ? nil : replicas[turn % replicas.count],
            cache: serving?.rows ?? PostgresRowCache(), fence: serving?.fence, search: serving?.search)
    }

    public func makeEditor(newest: @escaping @Sendable () -> ListState?) throws -> sending any ContactEditing
    {
        try PostgresEditor(url: url, region: phoneRegion, newest: newest)
    }

    public func checkpoint() {}

    public func openImporter() throws -> any ImportTarget {
        try PostgresImporter(url: url, region: phoneRegion)
    }

    public func openCommandImporter() throws -> any ImportTarget {
        try PostgresImporter(url: url, region: phoneRegion)
    }

    /// Nothing left to settle: an import is one transaction, and PostgreSQL keeps its indexes.
    public func settleImport(_ target: any ImportTarget) -> Bool { false }

    /// None: a failed import rolls back whole.
    public func collectImportLeftovers() throws {}

    public func tidyAfterImport() {}

    public func openPhotoReader() throws -> any PhotoReading { try PostgresPhotos(url: url) }

    public func openScan() throws -> any ContactScanning { try PostgresScan(url: url) }

    public func openChangeFeed() throws -> (any ContactChangeFeed)? { try PostgresChangeFeed(url: url) }

    /// Nothing kept: each start reads the list whole.
    public func saveOrder(_ state: ListState) throws {}
}
