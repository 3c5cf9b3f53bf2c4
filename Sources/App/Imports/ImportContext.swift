import Contacts
import Foundation
import HTTP
import Platform
import SQLiteStorage
import Synchronization

/// What imports share: the database to write, the write rules, one-at-a-time,
/// and the catalog to refresh after a commit.
final class ImportContext: Sendable {
    /// Opens the import's connection.
    let open: @Sendable () throws -> any ImportTarget
    /// Who may import (the rules every write shares).
    let writes: WriteGate
    let catalog: Catalog
    let gate = ImportGate()
    /// Gets one line per import (refusals are logged by `writes`).
    let logger: Logger
    /// Told once an import's answer has gone out and its log is copied (the single
    /// writer then merges the search segments the import left).
    let settled: @Sendable () -> Void

    init(
        open: @escaping @Sendable () throws -> any ImportTarget, writes: WriteGate, catalog: Catalog,
        logger: Logger, settled: @escaping @Sendable () -> Void = {}
    ) {
        self.open = open
        self.writes = writes
        self.catalog = catalog
        self.logger = logger
        self.settled = settled
    }

    /// The write rules for an import (docs/import-export.md, "Who may import and export")
    /// (`WriteGate`); a refusal is logged.
    func authorize(_ request: Request) throws(HTTPError) {
        try writes.authorizeWrite(request.head, action: "imports", client: request.client)
    }

    /// A new connection for writing (migrations are applied already).
    func openWriter() throws -> any ImportTarget { try open() }

    /// After an import whose client left: its leftovers deleted a moment later (once
    /// its writer has rolled back), off the event loop.
    func settleLater() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { [self] in
            if let store = try? openWriter() as? ContactStore { _ = try? store.collectImportLeftovers() }
        }
    }

    /// After an import refused for a full disk, before its answer: what it left (its
    /// staging file, the search texts it indexed) deleted at once on SQLite, so the
    /// space it took is free when the client reads that nothing was written, and
    /// the single writes that come next do not take that space first (the cleanup
    /// would then have none to write in, and its staging file would stay).
    func reclaimSpace() {
        do {
            guard let store = try openWriter() as? ContactStore else { return }
            try store.collectImportLeftovers()
        } catch {
            logger.log("roster: what the import left is removed later: \(error)")
        }
    }

    /// A SQLite file's writer for imports. Checkpoints are left to `settle(_:)`,
    /// after the answer has gone out, so a large import does not make its client
    /// wait for the copy into the database file.
    static func sqliteWriter(_ path: String) throws -> ContactStore {
        let store = try ContactStore(writingTo: path)
        try store.disableAutomaticCheckpoints()
        return store
    }

    /// Deletes what a SQLite import left invisible (a replaced list, or all of a
    /// failed import), merges the search index's segments it wrote, then copies the
    /// write-ahead log into the database once readers have moved on to the new data
    /// (their pinned reads last at most about a second).
    func settle(_ target: any ImportTarget) {
        guard let store = target as? ContactStore else { return }
        _ = try? store.collectImportLeftovers()
        try? store.mergeSearchSegments()
        Thread.sleep(forTimeInterval: 1.5)
        // Passive: a checkpoint that cuts the log short holds the write lock for the
        // whole copy (half a second after 200,000 contacts), and single writes would
        // wait. The log is cut back to its limit when a writer next starts it over
        // (`Database`'s journal_size_limit).
        store.checkpoint(.passive)
        settled()
    }
}

/// One import at a time in this process.
final class ImportGate: Sendable {
    private let busy = Mutex(false)

    func begin() -> Bool {
        busy.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
    }

    func end() { busy.withLock { $0 = false } }
}
