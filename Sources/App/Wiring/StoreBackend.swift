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

    /// The SQLite file of `options`, migrated, indexed and seeded on first run.
    static func sqlite(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void) throws
        -> StoreBackend
    {
        let path = options.database
        let store = try MigratedStores.sqlite(path, migrations: options.migrationsDirectory)
        if try store.removeInterruptedImports() > 0 {
            log("roster: removed the contacts of an import that was interrupted before it showed them")
        }
        try store.buildSearchIndexIfNeeded { done in log("roster: indexed \(done) contacts for search") }
        try store.countNoteLinesIfNeeded { done in log("roster: counted the notes lines of \(done) contacts")
        }
        if try store.count() == 0 && options.seed > 0 {
            log("roster: seeding \(options.seed) demo contacts into \(path)")
            try store.seed(count: options.seed, randomSeed: 1) { written in
                log("roster: seeded \(written) of \(options.seed)")
            }
        }
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
            openScan: { try ContactStore.scan(readingFrom: path, watch: watch) }, follow: nil)
    }

    /// The PostgreSQL database of `options` (and its replicas), migrated, and
    /// seeded when `--seed` was given and it is empty.
    static func postgres(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void) throws
        -> StoreBackend
    {
        let url = options.database
        try MigratedStores.migratePostgres(url, migrations: options.migrationsDirectory)
        let store = try PostgresStore(primaryURL: url)
        var state = try store.readingOnce { try store.listState() }
        if state.total == 0 && options.seedGiven && options.seed > 0 {
            log("roster: seeding \(options.seed) demo contacts into PostgreSQL")
            do {
                try PostgresSeeder.seed(url: url, count: options.seed, randomSeed: 1) { written in
                    log("roster: seeded \(written) of \(options.seed)")
                }
            } catch ContactsError.notEmpty {
                log("roster: another server seeded the database first")
            }
            state = try store.readingOnce { try store.listState() }
        }
        let snapshot = try ListSnapshot(state: state)
        let replicas = options.readDatabases
        let turn = Counter()
        return StoreBackend(
            snapshot: snapshot,
            openSource: {
                // Event loops take the replicas in turn.
                try PostgresStore(
                    primaryURL: url,
                    replicaURL: replicas.isEmpty ? nil : replicas[turn.next() % replicas.count])
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
