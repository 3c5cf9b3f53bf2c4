import Contacts
import Foundation
import Synchronization

/// The process's one writer of single contacts: an editor on its own connection
/// behind a lock (writes from every event loop take turns; each is well under a
/// millisecond), feeding the catalog the next snapshot before each commit and
/// installing it after.
///
/// On SQLite the connection does not checkpoint as it commits (that would put a
/// copy of the log into the database file inside some unlucky write's latency): a
/// checkpoint runs on a utility queue a moment after writes, off every request.
final class ContactWriter: Sendable {
    private let editor: Mutex<any ContactEditing>
    private let catalog: Catalog
    /// The store whose log is copied after writes (nil when it keeps none to copy).
    private let checkpointing: (any ContactBackend)?
    private let checkpointPending = Mutex(false)
    /// The store's upkeep, in steps while writes pause.
    private let upkeep: WriterUpkeep
    /// The list's locale: the sections of the contacts written.
    let locale: ListLocale

    /// A writer through `editor`, checkpointing `checkpointing` after writes.
    init(
        editor: sending any ContactEditing, catalog: Catalog, checkpointing: (any ContactBackend)? = nil,
        locale: ListLocale = .english
    ) {
        self.locale = locale
        self.editor = Mutex(editor)
        self.catalog = catalog
        self.checkpointing = checkpointing
        self.upkeep = WriterUpkeep()
        // What an earlier process left to merge, once the first pause comes.
        upkeep.wrote(step: upkeepStep)
    }

    /// Another connection wrote (an import): what it left to merge is merged in
    /// the next pause of writes, as after a write of this writer's.
    func storeChanged() {
        upkeep.wrote(step: upkeepStep)
    }

    /// One step of the store's upkeep, between writes.
    @Sendable private func upkeepStep() throws -> Bool {
        try editor.withLock { try $0.upkeepStep() }
    }

    /// The writer of `backend`'s database, starting from the newest list `catalog` holds.
    convenience init(backend: any ContactBackend, catalog: Catalog) throws {
        self.init(
            editor: try backend.makeEditor { catalog.current.state }, catalog: catalog,
            checkpointing: backend.checkpointsAfterWrites ? backend : nil, locale: backend.locale)
    }

    /// Runs one write (`body` calls one of the editor's methods with the base and
    /// prepare it is given) and installs the list it leaves. Returns the contact
    /// as written (nil after a delete) and the data version.
    func write(
        _ body: (any ContactEditing, ContactEdit.Base, ContactEdit.Prepare) throws -> ContactEdit.Outcome
    ) throws -> (Contact?, Int) {
        let outcome = try run(body)
        return (outcome.contact, outcome.state.version)
    }

    /// Runs one bulk write (`body` calls the editor's `bulk`) as `write` runs one
    /// write, and installs the list it leaves: one version for all of it.
    func writeBulk(
        _ body: (any ContactEditing, ContactEdit.Base, ContactEdit.Prepare) throws -> ContactEdit.BulkOutcome
    ) throws -> ContactEdit.BulkOutcome {
        try run(body)
    }

    /// Runs `body` under the lock, preparing and installing the snapshot it makes.
    private func run<Outcome>(
        _ body: (any ContactEditing, ContactEdit.Base, ContactEdit.Prepare) throws -> Outcome
    ) throws -> Outcome {
        let catalog = self.catalog
        let outcome = try editor.withLock { editor in
            var prepared: ListSnapshot?
            let outcome: Outcome
            do {
                outcome = try body(
                    editor, { version in catalog.snapshot(for: version)?.state },
                    { state in
                        let snapshot = try ListSnapshot(state: state)
                        catalog.prepare(snapshot)
                        prepared = snapshot
                    })
            } catch {
                // Prepared, then the commit failed: that version is not this snapshot.
                if let prepared { catalog.discard(version: prepared.version) }
                throw error
            }
            // Installed before the next write may prepare its own: a reader that sees
            // this commit always finds its snapshot, prepared or installed.
            if let prepared { catalog.install(prepared) }
            return outcome
        }
        scheduleCheckpoint()
        upkeep.wrote(step: upkeepStep)
        return outcome
    }

    /// Keeps `photo` in the store under its digest, before the write that names it
    /// (docs/api.md, "Photos").
    func keepPhoto(_ photo: StoredPhoto) throws {
        try editor.withLock { try $0.keepPhoto(photo) }
    }

    /// A passive checkpoint a second after the first write since the last one (on
    /// a connection of its own, so writes never wait for it).
    private func scheduleCheckpoint() {
        guard let checkpointing else { return }
        let first = checkpointPending.withLock { pending in
            defer { pending = true }
            return !pending
        }
        guard first else { return }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { [self] in
            checkpointPending.withLock { $0 = false }
            checkpointing.checkpoint()
        }
    }
}
