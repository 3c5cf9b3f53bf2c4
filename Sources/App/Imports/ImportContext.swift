import Contacts
import Foundation
import HTTP
import Platform
import Synchronization

/// What imports share: the database to write, the write rules, one-at-a-time,
/// and the catalog to refresh after a commit.
final class ImportContext: Sendable {
    /// Where imports write.
    let backend: any ContactBackend
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
        backend: any ContactBackend, writes: WriteGate, catalog: Catalog,
        logger: Logger, settled: @escaping @Sendable () -> Void = {}
    ) {
        self.backend = backend
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
    func openWriter() throws -> any ImportTarget { try backend.openImporter() }

    /// After an import whose client left: its leftovers deleted a moment later (once
    /// its writer has rolled back), off the event loop.
    func settleLater() {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { [self] in
            try? backend.collectImportLeftovers()
        }
    }

    /// After an import refused for a full disk, before its answer: what it left (its
    /// staging file, the search texts it indexed) deleted at once (SQLite), so the
    /// space it took is free when the client reads that nothing was written, and
    /// the single writes that come next do not take that space first (the cleanup
    /// would then have none to write in, and its staging file would stay).
    func reclaimSpace() {
        do {
            try backend.collectImportLeftovers()
        } catch {
            logger.log("roster: what the import left is removed later: \(error)")
        }
    }

    /// After an import's answer has gone out: what it left tidied on its connection
    /// (`ContactBackend.settleImport(_:)`), then the writer told.
    func settle(_ target: any ImportTarget) {
        if backend.settleImport(target) { settled() }
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
