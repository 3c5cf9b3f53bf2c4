import CSQLite

/// Single contact writes (insert, update, delete), each one transaction that
/// also moves the data version on and gives the list's next state.
///
/// A write costs O(log n): the row is found by a binary search of the list order
/// reading one sort key per probe, the order is a persistent tree (`ListOrder`)
/// changed along one path, and sections are 27 rows. Nothing is renumbered.
///
/// Every write takes the state of the list it starts from (`base`, asked with the
/// data version the transaction sees, so a caller hands over the state it keeps in
/// memory) and hands the next one to `prepare` just before it commits, so a reader
/// that sees the commit can find that state already. Like its store, an editor
/// belongs to one thread at a time.
public final class ContactEditor {
    /// What a write leaves: the contact as written (nil after a delete) and the list.
    public struct Outcome: Sendable {
        /// The contact now, with its row and revision; nil when it was deleted.
        public let contact: Contact?
        /// The list after the write.
        public let state: ListState

        /// An outcome of its parts.
        public init(contact: Contact?, state: ListState) {
            self.contact = contact
            self.state = state
        }
    }

    /// The state of the list at a data version (which the caller may keep in memory).
    public typealias Base = (_ version: Int) throws -> ListState?
    /// Called with the next state inside the transaction, just before the commit.
    public typealias Prepare = (ListState) throws -> Void

    /// The store written to.
    public let store: ContactStore

    /// An editor writing through `store`. A write waits at most `busyTimeout`
    /// milliseconds for another writer (an import) before failing with `.busy`.
    public init(store: ContactStore, busyTimeout: Int32 = 200) {
        self.store = store
        sqlite3_busy_timeout(store.database.handle, busyTimeout)
    }

    /// Adds a contact; returns it with its new id, row and revision.
    public func insert(_ fields: ContactFields, base: Base, prepare: Prepare) throws -> Outcome {
        try transact(base: base, prepare: prepare) { state, version in
            let key = try Self.checked(fields)
            let id = try store.nextID()
            let insert = try store.database.statement(ContactField.insertSQL(idParameter: 1))
            insert.bind(id, at: 1)
            insert.bind(blob: key.bytes, at: 2)
            insert.bind(fields, from: 3)
            try insert.run()
            let lines = NoteLines.count(fields.notes)
            try store.addToOrder(id: id, key: key.bytes, lines: lines)
            try store.index(id: id, fields: fields)
            try store.database.execute(
                """
                UPDATE contacts SET revision = \(version) WHERE id = \(id);
                UPDATE roster_meta SET value = \(id + 1) WHERE key = 'next_id';
                """)
            let row = try store.insertionRow(key: key.bytes, id: id, in: state.order)
            let next = state.inserting(Self.entry(id, version, lines), at: row, section: key.section, version: version)
            return (Contact(id: id, position: row, revision: version, fields: fields), next)
        }
    }

    /// Changes contact `id` to what `change` makes of its fields (checked, then
    /// stored, moving it when its sort key changed). With `ifRevision`, refuses
    /// with `.staleRevision` unless the contact is still at that revision.
    public func update(
        id: Int, ifRevision: Int? = nil, base: Base, prepare: Prepare,
        change: (ContactFields) throws -> ContactFields
    ) throws -> Outcome {
        try transact(base: base, prepare: prepare) { state, version in
            let (oldKey, old) = try current(id, ifRevision: ifRevision)
            let fields = try change(old.fields)
            let key = try Self.checked(fields)
            guard let oldRow = try store.row(of: id, key: oldKey, in: state.order) else {
                throw StorageError.sqlite(
                    code: 0, message: "contact \(id) is not in the list order", sql: nil)
            }
            let update = try store.database.statement(ContactField.updateSQL)
            update.bind(id, at: 1)
            update.bind(fields, from: 3)
            update.bind(version, at: Int32(3 + ContactField.allCases.count))
            try update.run()
            try store.unindex(id: id, fields: old.fields)
            try store.index(id: id, fields: fields)
            let lines = NoteLines.count(fields.notes)
            let entry = Self.entry(id, version, lines)
            let row: Int
            let next: ListState
            if key.bytes == oldKey {
                if lines != Int(state.order[oldRow].lines) { try store.setLines(id: id, key: oldKey, lines: lines) }
                (row, next) = (oldRow, state.replacing(at: oldRow, with: entry, version: version))
            } else {
                try store.removeFromOrder(id: id, key: oldKey)
                try store.addToOrder(id: id, key: key.bytes, lines: lines)
                let without = state.removing(at: oldRow, section: Int(oldKey[0]), version: version)
                row = try store.insertionRow(key: key.bytes, id: id, in: without.order)
                next = without.inserting(entry, at: row, section: key.section, version: version)
            }
            return (Contact(id: id, position: row, revision: version, fields: fields), next)
        }
    }

    /// Deletes contact `id` (with `ifRevision`, only if it is still at that revision).
    public func delete(id: Int, ifRevision: Int? = nil, base: Base, prepare: Prepare) throws -> Outcome {
        try transact(base: base, prepare: prepare) { state, version in
            let (key, old) = try current(id, ifRevision: ifRevision)
            guard let row = try store.row(of: id, key: key, in: state.order) else {
                throw StorageError.sqlite(
                    code: 0, message: "contact \(id) is not in the list order", sql: nil)
            }
            try store.database.execute("DELETE FROM contacts WHERE id = \(id)")
            try store.removeFromOrder(id: id, key: key)
            try store.unindex(id: id, fields: old.fields)
            return (nil, state.removing(at: row, section: Int(key[0]), version: version))
        }
    }

    // MARK: - One transaction

    private func transact(
        base: Base, prepare: Prepare, _ body: (ListState, Int) throws -> (Contact?, ListState)
    ) throws -> Outcome {
        let database = store.database
        do {
            try database.execute("BEGIN IMMEDIATE")
        } catch StorageError.sqlite(let code, _, _) where code & 0xFF == SQLITE_BUSY {
            throw StorageError.busy
        }
        do {
            let version = try store.dataVersion()
            // Another process may have written since the caller's state: read the list then.
            let state = try base(version).flatMap { $0.version == version ? $0 : nil } ?? store.listState()
            let (contact, next) = try body(state, version + 1)
            try database.execute("UPDATE roster_meta SET value = \(version + 1) WHERE key = 'data_version'")
            if next.sections.map(\.rows) != state.sections.map(\.rows) {
                try store.writeSections(rows: next.sections.map(\.rows))
            }
            try prepare(next)
            try database.execute("COMMIT")
            return Outcome(contact: contact, state: next)
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// The sort key and stored contact of `id`, refusing a stale `ifRevision`.
    private func current(_ id: Int, ifRevision: Int?) throws -> ([UInt8], Contact) {
        let statement = try store.database.statement(
            "SELECT revision, \(ContactField.columnList) FROM contacts WHERE id = ?1")
        defer { statement.reset() }
        statement.bind(id, at: 1)
        guard try statement.step() else { throw StorageError.contactNotFound(id: id) }
        let revision = statement.int(at: 0)
        if let ifRevision, ifRevision != revision {
            throw StorageError.staleRevision(id: id, current: revision)
        }
        let fields = statement.fields(from: 1)
        return (fields.sortKey.bytes, Contact(id: id, position: -1, revision: revision, fields: fields))
    }

    /// The sort key of `fields`, once they are found fit to store.
    public static func checked(_ fields: ContactFields) throws -> ContactSortKey {
        let key = fields.sortKey
        guard !key.isNameless else { throw StorageError.namelessContact }
        if let (field, length, limit) = fields.overLimit() {
            throw StorageError.valueTooLong(field: field.name, length: length, limit: limit)
        }
        return key
    }

    /// The order entry of contact `id` written at `version`, showing `lines` lines of notes.
    public static func entry(_ id: Int, _ version: Int, _ lines: Int) -> OrderEntry {
        OrderEntry(id: id, revision: UInt32(truncatingIfNeeded: version), lines: lines)
    }
}
