import Contacts
import Foundation
import Platform
import PostgresStorage
import SQLiteStorage
import Synchronization

/// Where the contacts are kept, opened for serving: the list at start, how each
/// event loop opens its read connection, how the one writer is made, and, for a
/// database other servers write to, what follows their writes.
struct StoreBackend {
    /// The list when serving starts.
    let snapshot: ListSnapshot
    /// One event loop's read connection.
    let openSource: @Sendable () throws -> any ContactSource
    /// The writer of single contacts, feeding `catalog`.
    let makeWriter: (_ catalog: Catalog) throws -> ContactWriter
    /// Opens an import's connection.
    let openImporter: @Sendable () throws -> any ImportTarget
    /// Starts an export's read.
    let openScan: @Sendable () throws -> any ContactScanning
    /// Starts following other servers' writes into `catalog` (PostgreSQL only).
    let follow: ((_ catalog: Catalog) throws -> Void)?
    /// Saves the list as it is when serving stops, for the next start (SQLite only).
    var saveOnStop: (@Sendable (ListState) throws -> Void)? = nil

    /// Whether serving `options` starts by seeding: an empty database, and a seed
    /// asked for (on PostgreSQL only with `--seed` given). Opens and migrates it.
    static func seedsFirst(_ options: ServeOptions) throws -> Bool {
        guard options.seed > 0 else { return false }
        if PGConnection.isURL(options.database) {
            guard options.seedGiven else { return false }
            try MigratedStores.migratePostgres(options.database, migrations: options.migrationsDirectory)
            let store = try PostgresStore(primaryURL: options.database)
            return try store.readingOnce { try store.listState() }.total == 0
        }
        return try MigratedStores.sqlite(options.database, migrations: options.migrationsDirectory).count()
            == 0
    }

    /// The seed's progress: told to `progress`, and logged each time another 100,000 are written
    /// (the seed reports every batch).
    static func seedProgress(
        of count: Int, _ log: @escaping @Sendable (String) -> Void, progress: SeedProgress?
    ) -> (Int) -> Void {
        var logged = 0
        return { written in
            progress?.wrote(written)
            guard written / 100_000 > logged / 100_000 else { return }
            logged = written
            log("roster: seeded \(written / 100_000 * 100_000) of \(count)")
        }
    }

    /// The SQLite file of `options`, migrated, indexed and seeded on first run
    /// (`progress` told how far).
    static func sqlite(
        _ options: ServeOptions, log: @escaping @Sendable (String) -> Void, progress: SeedProgress? = nil
    ) throws -> StoreBackend {
        let path = options.database
        let store = try MigratedStores.sqlite(path, migrations: options.migrationsDirectory)
        if try store.removeInterruptedImports() > 0 {
            log("roster: removed the contacts of an import that was interrupted before it showed them")
        }
        try store.buildSearchIndexIfNeeded { done in log("roster: indexed \(done) contacts for search") }
        try store.buildLabelsIfNeeded()
        try store.buildGramsIfNeeded { done in
            log("roster: marked the frequent search patterns of \(done) contacts")
        }
        try store.countNoteLinesIfNeeded { done in log("roster: counted the notes lines of \(done) contacts")
        }
        if try store.count() == 0 && options.seed > 0 {
            try store.seed(
                count: options.seed, randomSeed: 1,
                progress: seedProgress(of: options.seed, log, progress: progress))
        }
        progress?.loading()
        // What interrupted imports left (a replaced list) goes in the background: none of it is visible.
        Thread.detachNewThread { _ = try? ContactStore(writingTo: path).collectImportLeftovers() }
        // Every connection checks that the path still names the file opened (`FileWatch`).
        let watch = FileWatch(path: path, report: log)
        let watched = { @Sendable (store: ContactStore) -> ContactStore in
            store.watch = watch
            return store
        }
        return StoreBackend(
            snapshot: try ListSnapshot(store: store),
            openSource: { watched(try ContactStore(readingFrom: path)) },
            makeWriter: { catalog in try ContactWriter(databasePath: path, catalog: catalog, watch: watch) },
            openImporter: {
                try watch.check()  // before opening: a path that names no file any more
                return watched(try ImportContext.sqliteWriter(path))
            },
            openScan: { try ContactStore.scan(readingFrom: path, watch: watch) }, follow: nil,
            saveOnStop: { state in try ContactStore(writingTo: path).saveOrder(state) })
    }

    /// The PostgreSQL database of `options` (and its replicas), migrated, and
    /// seeded when `--seed` was given and it is empty (`progress` told how far).
    static func postgres(
        _ options: ServeOptions, log: @escaping @Sendable (String) -> Void, progress: SeedProgress? = nil
    ) throws -> StoreBackend {
        let url = options.database
        try MigratedStores.migratePostgres(url, migrations: options.migrationsDirectory)
        let store = try PostgresStore(primaryURL: url)
        var state = try store.readingOnce { try store.listState() }
        if state.total == 0 && options.seedGiven && options.seed > 0 {
            do {
                try PostgresSeeder.seed(
                    url: url, count: options.seed, randomSeed: 1,
                    progress: seedProgress(of: options.seed, log, progress: progress))
            } catch ContactsError.notEmpty {
                log("roster: another server seeded the database first")
            }
            state = try store.readingOnce { try store.listState() }
        }
        progress?.loading()
        let snapshot = try ListSnapshot(state: state)
        let replicas = options.readDatabases
        let turn = Counter()
        // Shared by every loop: window rows by (id, revision), and the primary's version as last asked.
        let rows = PostgresRowCache(capacity: options.rowCacheMiB << 20)
        rows.warm(url: replicas.first ?? url, log: log)
        let fence = PrimaryVersionFence(now: { MonotonicClock.system.nanoseconds() })
        // Every contact's searched words in memory, read now on a thread of its own.
        let search = PostgresSearchIndex(url: url, log: log)
        search.build()
        return StoreBackend(
            snapshot: snapshot,
            openSource: {
                // Event loops take the replicas in turn.
                try PostgresStore(
                    primaryURL: url,
                    replicaURL: replicas.isEmpty ? nil : replicas[turn.next() % replicas.count], cache: rows,
                    fence: fence, search: search)
            },
            makeWriter: { catalog in
                ContactWriter(
                    editor: try PostgresEditor(url: url) { catalog.current.state }, catalog: catalog)
            },
            openImporter: { try PostgresImporter(url: url) },
            openScan: { try PostgresScan(url: url) },
            follow: { catalog in
                try VersionListener(url: url, catalog: catalog, log: log).start()
            })
    }
}

/// A number that goes up by one per call, from any thread.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// The count before this call.
    func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
}
