import Contacts
import Foundation
import Phones
import Synchronization

/// A SQLite file as the server, `roster seed` and `roster import` use it
/// (`ContactBackend`): each event loop reads on a connection of its own, one writer
/// writes single contacts, an import writes on a connection of its own and the
/// write-ahead log is copied into the file off every request.
public final class SQLiteBackend: ContactBackend {
    /// The file.
    public let path: String
    private let migrations: String
    private let log: @Sendable (String) -> Void
    /// Checks that the path still names the file the server opened (set by `prepareToServe`).
    private let watch = Mutex<SQLiteFileWatch?>(nil)
    public let searcher: any ContactSearching
    /// The locale asked for (`--locale`), or nil for the list's own.
    private let requestedLocale: String?
    /// The locale `settleLocale()` made the list's.
    private let settled = Mutex<ListLocale?>(nil)

    /// The region `roster serve --region` gave, or nil to keep the one the file records (its
    /// index was made in it), else, for a list that records none, its locale's
    /// (`ListLocale.phoneRegion`). A start in another locale keeps the list's region: its phones
    /// are not read again (a million contacts' search texts would be made anew).
    private let region: PhoneRegion?

    /// The file at `path`, migrated with the files of the folder `migrations`, its list in
    /// `locale` (a BCP 47 tag; nil keeps the list's own); `log` gets a line for each step of the
    /// preparation and when the file is found replaced. `region` is the list's phone region when
    /// serving (the search index is built again for it if it was made in another); nil keeps the
    /// one the file records (`roster seed`, `roster import`: their texts must match the index's).
    public init(
        path: String, migrations: String, locale: String? = nil, region: PhoneRegion? = nil,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.path = path
        self.migrations = migrations
        self.requestedLocale = locale
        self.region = region
        self.log = log
        searcher = SQLiteSearchScanner(databasePath: path)
    }

    /// The region given, else the one the file records (its locale's when it records none, the
    /// United States when it cannot be read yet).
    public var phoneRegion: PhoneRegion {
        if let region { return region }
        return (try? SQLiteContactStore(writingTo: path).phoneRegion) ?? .unitedStates
    }

    public var isShared: Bool { false }
    public var name: String { path }
    public var checkpointsAfterWrites: Bool { true }

    /// The file, created if needed and brought up to date.
    private func migrated() throws -> SQLiteContactStore {
        try SQLiteContactStore(path: path, migrator: SQLiteMigrator(directory: migrations))
    }

    public func migrate() throws { _ = try migrated() }

    public func settleLocale() throws -> ListLocale {
        try settleLocale(of: migrated())
    }

    /// Settles the locale of the list `store` opened.
    private func settleLocale(of store: SQLiteContactStore) throws -> ListLocale {
        let tag =
            try requestedLocale ?? store.storedLocale()?.tag
            ?? ListLocale.fromEnvironment(ProcessInfo.processInfo.environment)
        let locale = try ListLocale.named(tag)
        try store.settleLocale(locale, progress: log)
        settled.withLock { $0 = locale }
        return locale
    }

    public var locale: ListLocale {
        settled.withLock { $0 } ?? (try? SQLiteContactStore(writingTo: path).locale) ?? .english
    }

    public func isEmpty() throws -> Bool { try migrated().count() == 0 }

    public func seed(count: Int, randomSeed: UInt64, notesPercent: Int, progress: @escaping (Int) -> Void)
        throws
    {
        let store = try migrated()
        _ = try settleLocale(of: store)
        try store.seed(
            count: count, randomSeed: randomSeed, notesPercent: notesPercent, progress: progress)
    }

    public func prepareToServe(seed: Int, progress: @escaping (Int) -> Void, loading: () -> Void) throws
        -> ListState
    {
        let store = try migrated()
        _ = try settleLocale(of: store)
        if try store.removeInterruptedImports() > 0 {
            log("roster: removed the contacts of an import that was interrupted before it showed them")
        }
        try store.buildSearchIndexIfNeeded(region: region ?? store.phoneRegion) { [log] done in
            log("roster: indexed \(done) contacts for search")
        }
        try store.buildLabelsIfNeeded()
        try store.buildGramsIfNeeded { [log] done in
            log("roster: marked the frequent search patterns of \(done) contacts")
        }
        try store.countNoteLinesIfNeeded { [log] done in
            log("roster: counted the notes lines of \(done) contacts")
        }
        if try store.count() == 0 && seed > 0 {
            try store.seed(count: seed, randomSeed: 1, progress: progress)
        }
        loading()
        let state = try store.listState()
        // What interrupted imports left (a replaced list) goes in the background: none of it is visible.
        Thread.detachNewThread { [path] in
            _ = try? SQLiteContactStore(writingTo: path).collectImportLeftovers()
        }
        // Every connection checks that the path still names the file opened.
        watch.withLock { $0 = SQLiteFileWatch(path: path, report: log) }
        return state
    }

    /// `store`, checked by the server's watch.
    private func watched(_ store: SQLiteContactStore) -> SQLiteContactStore {
        store.watch = watch.withLock { $0 }
        return store
    }

    public func openSource() throws -> any ContactSource {
        watched(try SQLiteContactStore(readingFrom: path))
    }

    public func makeEditor(newest: @escaping @Sendable () -> ListState?) throws -> sending any ContactEditing
    {
        let store = watched(try SQLiteContactStore(writingTo: path))
        try store.disableAutomaticCheckpoints()
        try store.deferSearchMerges()
        return SQLiteContactEditor(store: store)
    }

    public func checkpoint() {
        // A connection of its own: a passive checkpoint never blocks the writer.
        (try? SQLiteContactStore(writingTo: path))?.checkpoint(.passive)
    }

    /// Checkpoints are left to `settleImport(_:)`, after the answer has gone out, so a
    /// large import does not make its client wait for the copy into the database file.
    public func openImporter() throws -> any ImportTarget { try importStore() }

    /// The server's import connection (`openImporter()`).
    private func importStore() throws -> SQLiteContactStore {
        let watch = watch.withLock { $0 }
        try watch?.check()  // before opening: a path that names no file any more
        let store = try SQLiteContactStore(writingTo: path)
        try store.disableAutomaticCheckpoints()
        store.watch = watch
        return store
    }

    public func openCommandImporter() throws -> any ImportTarget {
        let store = try SQLiteContactStore(writingTo: path)
        store.longestSlice = 0.05  // a server's writes to the same file find the gaps
        return store
    }

    /// Deletes what the import left invisible (a replaced list, or all of a failed
    /// import), then copies the write-ahead log into the database once readers have
    /// moved on to the new data (their pinned reads last at most about a second).
    ///
    /// The search index's segments the import wrote are left to the writer's upkeep, told
    /// by the caller (true), which merges them once single writes pause. Merged here at once
    /// (the cleanup's own merge), a single write that came during a merge step waited for
    /// all of it: steps of 2 to 64 pages took up to 75-100 ms after 200,000 contacts into
    /// 1,000,000 (those that end the long lists of frequent trigrams), and writes every 15 ms
    /// beside the import had a p99 of 61-74 ms; now 13 ms (`scripts/reliability`, "import
    /// writes").
    public func settleImport(_ target: any ImportTarget) -> Bool {
        guard let store = target as? SQLiteContactStore else { return false }
        _ = try? store.collectImportLeftovers(merging: false)
        Thread.sleep(forTimeInterval: 1.5)
        // Passive: a checkpoint that cuts the log short holds the write lock for the
        // whole copy (half a second after 200,000 contacts), and single writes would
        // wait. The log is cut back to its limit when a writer next starts it over
        // (`SQLiteDatabase`'s journal_size_limit).
        store.checkpoint(.passive)
        return true
    }

    public func collectImportLeftovers() throws {
        _ = try importStore().collectImportLeftovers()
    }

    public func tidyAfterImport() {
        guard let store = try? SQLiteContactStore(writingTo: path) else { return }
        _ = try? store.collectImportLeftovers()
        try? store.mergeSearchSegments()
    }

    public func openPhotoReader() throws -> any PhotoReading {
        watched(try SQLiteContactStore(readingFrom: path))
    }

    public func openScan() throws -> any ContactScanning {
        try SQLiteContactStore.scan(readingFrom: path, watch: watch.withLock { $0 })
    }

    /// None: only this process writes the file.
    public func openChangeFeed() throws -> (any ContactChangeFeed)? { nil }

    public func saveOrder(_ state: ListState) throws {
        _ = try SQLiteContactStore(writingTo: path).saveOrder(state)
    }
}
