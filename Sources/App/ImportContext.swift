import Foundation
import HTTP
import Platform
import Storage
import Synchronization

/// What imports share: the database to write, the write rules, one-at-a-time,
/// and the catalog to refresh after a commit.
final class ImportContext: Sendable {
    let databasePath: String
    /// Who may import (the rules every write shares).
    let writes: WriteGate
    let catalog: Catalog
    let gate = ImportGate()
    /// Gets one line per import (refusals are logged by `writes`).
    let logger: Logger

    init(databasePath: String, writes: WriteGate, catalog: Catalog, logger: Logger) {
        self.databasePath = databasePath
        self.writes = writes
        self.catalog = catalog
        self.logger = logger
    }

    /// API.md's write rules for an import (`WriteGate`); a refusal is logged.
    func authorize(_ head: RequestHead) throws(HTTPError) {
        try writes.authorizeWrite(head, action: "imports")
    }

    /// A new connection for writing (migrations are applied already).
    /// Checkpoints are left to `settle(_:)`, after the answer has gone out, so a
    /// large import does not make its client wait for the copy into the database file.
    func openWriter() throws -> ContactStore {
        let store = try ContactStore(writingTo: databasePath)
        try store.database.execute("PRAGMA wal_autocheckpoint = 0")
        return store
    }

    /// Copies the write-ahead log into the database once readers have moved on to
    /// the new data (their pinned reads last at most about a second).
    func settle(_ store: ContactStore) {
        Thread.sleep(forTimeInterval: 1.5)
        // Without waiting: a truncating checkpoint that waits for a reader holds the
        // write lock all the while, and contact writes would find the database busy.
        // A reader still pinned makes it give up; the log is then reused, not shrunk.
        try? store.database.execute("PRAGMA busy_timeout = 0")
        try? store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
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
