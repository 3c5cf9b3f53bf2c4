import Contacts

/// Single contact writes (insert, update, delete), each one transaction that
/// also moves the data version on and gives the list's next state.
///
/// A write costs O(log n): the row is found by a binary search of the list order
/// reading one sort key per probe, the order is a persistent tree (`ListOrder`)
/// changed along one path, and sections are a row per title of the list's locale. Nothing is
/// renumbered.
///
/// Every write takes the state of the list it starts from (`base`, asked with the
/// data version the transaction sees, so a caller hands over the state it keeps in
/// memory) and hands the next one to `prepare` just before it commits, so a reader
/// that sees the commit can find that state already. Like its store, an editor
/// belongs to one thread at a time.
///
/// An update keeps the fields it replaces in `contact_revisions` and a delete keeps
/// the contact in `deleted_contacts` (SQLiteContactEditor+History.swift), so that a write
/// to an older revision can be merged and a delete undone.
public final class SQLiteContactEditor {
    /// The store written to.
    public let store: SQLiteContactStore
    /// The time tombstones are stamped and judged by.
    let clock: ContactEdit.Clock
    /// When the last purge committed (`ContactEdit.purgeSeconds` apart at least).
    private var purgedAt = Int.min / 2

    /// An editor writing through `store`. A write waits at most `busyTimeout`
    /// milliseconds for another writer before failing with `.busy`; an import in
    /// this process lets it in after the row it is writing (`SQLiteWriteTurns`).
    public init(
        store: SQLiteContactStore, busyTimeout: Int32 = 200,
        clock: @escaping ContactEdit.Clock = ContactEdit.wallClock
    ) {
        self.store = store
        self.clock = clock
        store.database.pollForLocks(upTo: busyTimeout)
    }

    /// A step of merging the search index's segments, which commits leave
    /// unmerged (`SQLiteContactStore.deferSearchMerges()`).
    public func upkeepStep() throws -> Bool {
        try store.mergeSearchStep()
    }

    /// Adds a contact; returns it with its new id, row and revision.
    public func insert(_ fields: ContactFields, base: ContactEdit.Base, prepare: ContactEdit.Prepare) throws
        -> ContactEdit.Outcome
    {
        try transact(base: base, prepare: prepare) { state, version in
            let key = try fields.checkedSortKey(in: store.locale)
            let id = try store.nextID()
            try store.database.execute(
                """
                UPDATE roster_meta SET value = \(id + 1) WHERE key = 'next_id';
                INSERT INTO id_marks (version, first_id, last_id) VALUES (\(version), \(id), \(id));
                """)
            return try add(id: id, fields, key: key, state: state, version: version)
        }
    }

    /// Stores contact `id` (new, or back from its tombstone) at `version`, in the
    /// order, the sections and the search index.
    func add(id: Int, _ fields: ContactFields, key: ContactSortKey, state: ListState, version: Int) throws
        -> (Contact, ListState, ListChange)
    {
        try store.database.run(ContactField.insertSQL) { insert in
            insert.bind(id, to: ":id")
            insert.bind(fields)
        }
        let lines = NoteLines.count(fields.notes)
        try store.addToOrder(id: id, key: key.bytes, lines: lines)
        try store.index(id: id, fields: fields)
        try store.label(id: id, fields.labels)
        try store.database.execute("UPDATE contacts SET revision = \(version) WHERE id = \(id)")
        let row = try store.insertionRow(key: key.bytes, id: id, in: state.order)
        let next = state.inserting(
            OrderEntry(id: id, version: version, lines: lines), at: row, section: key.section,
            version: version)
        let change = ListChange(version: version, id: id, oldKey: nil, newKey: key.bytes, lines: lines)
        return (Contact(id: id, position: row, revision: version, fields: fields), next, change)
    }

    /// Changes contact `id` to what `change` makes of its fields (checked, then
    /// stored, moving it when its sort key changed). With `ifRevision`, refuses
    /// with `.staleRevision` unless the contact is still at that revision.
    public func update(
        id: Int, ifRevision: Int? = nil, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (ContactFields) throws -> ContactFields
    ) throws -> ContactEdit.Outcome {
        try edit(id: id, base: base, prepare: prepare) { old in
            try Self.check(old, ifRevision: ifRevision)
            return try change(old.fields)
        }
    }

    /// Changes contact `id` to what `change` makes of the stored contact, keeping the
    /// fields it replaces in the contact's history.
    func edit(
        id: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (Contact) throws -> ContactFields
    ) throws -> ContactEdit.Outcome {
        try transact(base: base, prepare: prepare) { state, version in
            let (oldKey, old) = try current(id)
            let fields = try change(old)
            let key = try fields.checkedSortKey(in: store.locale)
            let oldRow = try listedRow(of: id, key: oldKey, in: state.order)
            try keep(old)
            try store.database.run(ContactField.updateSQL) { update in
                update.bind(id, to: ":id")
                update.bind(fields)
                update.bind(version, to: ":revision")
            }
            try store.reindex(id: id, from: old.fields, to: fields)
            try store.relabel(id: id, from: old.fields.labels, to: fields.labels)
            let lines = NoteLines.count(fields.notes)
            let entry = OrderEntry(id: id, version: version, lines: lines)
            let row: Int
            let next: ListState
            if key.bytes == oldKey {
                if lines != Int(state.order[oldRow].lines) {
                    try store.setLines(id: id, key: oldKey, lines: lines)
                }
                (row, next) = (oldRow, state.replacing(at: oldRow, with: entry, version: version))
            } else {
                try store.removeFromOrder(id: id, key: oldKey)
                try store.addToOrder(id: id, key: key.bytes, lines: lines)
                let without = state.removing(
                    at: oldRow, section: ContactSortKey(bytes: oldKey).section, version: version)
                row = try store.insertionRow(key: key.bytes, id: id, in: without.order)
                next = without.inserting(entry, at: row, section: key.section, version: version)
            }
            let change = ListChange(version: version, id: id, oldKey: oldKey, newKey: key.bytes, lines: lines)
            return (Contact(id: id, position: row, revision: version, fields: fields), next, change)
        }
    }

    /// Deletes contact `id` (with `ifRevision`, only if it is still at that revision).
    public func delete(id: Int, ifRevision: Int? = nil, base: ContactEdit.Base, prepare: ContactEdit.Prepare)
        throws -> ContactEdit.Outcome
    {
        try transact(base: base, prepare: prepare) { state, version in
            let (key, old) = try current(id)
            try Self.check(old, ifRevision: ifRevision)
            let row = try listedRow(of: id, key: key, in: state.order)
            try entomb(old)
            try store.database.execute("DELETE FROM contacts WHERE id = \(id)")
            try store.removeFromOrder(id: id, key: key)
            try store.unindex(id: id, fields: old.fields)
            try store.unlabel(id: id, old.fields.labels)
            let change = ListChange(version: version, id: id, oldKey: key, newKey: nil, lines: 0)
            return (
                nil, state.removing(at: row, section: ContactSortKey(bytes: key).section, version: version),
                change
            )
        }
    }

    // MARK: - One transaction

    /// Runs `body` in one write transaction with the list at the data version it
    /// sees and the next version; purges what is past undoing first, once a minute.
    func transact(
        base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        _ body: (ListState, Int) throws -> (Contact?, ListState, ListChange?)
    ) throws -> ContactEdit.Outcome {
        let database = store.database
        try store.watch?.check()
        let now = clock()
        let purging = now - purgedAt >= ContactEdit.purgeSeconds
        // A write that waits past the busy timeout for another writer throws `.busy`.
        try database.turns.waitingWrite { try database.begin(.write) }
        var recorded: ListChange?
        let outcome: ContactEdit.Outcome
        do {
            if purging { try purge() }
            let version = try store.dataVersion()
            try store.gramBits.begin()
            // Another process may have written since the caller's state: read the list then.
            let state = try base(version).flatMap { $0.version == version ? $0 : nil } ?? store.listState()
            let (contact, next, change) = try body(state, version + 1)
            try database.execute("UPDATE roster_meta SET value = \(version + 1) WHERE key = 'data_version'")
            if next.sections.map(\.rows) != state.sections.map(\.rows) {
                try store.writeSections(rows: next.sections.map(\.rows))
            }
            try store.gramBits.flush()
            try prepare(next)
            // Before the commit: an import that takes the lock next finds it (`ChangeLog`).
            // A bulk write records none: an import reads the list again after it.
            if let change {
                ChangeLog.record(change, for: database.path)
                recorded = change
            }
            try database.commit()
            outcome = ContactEdit.Outcome(contact: contact, state: next)
        } catch {
            try? database.rollback()
            if let recorded { ChangeLog.forget(recorded, for: database.path) }
            throw error
        }
        if purging { purgedAt = now }
        return outcome
    }

    /// The row of contact `id` (sort key `key`) in `order`; a contact the list does
    /// not show (an import's, not shown yet) is not found.
    func listedRow(of id: Int, key: [UInt8], in order: ListOrder) throws -> Int {
        if let row = try store.row(of: id, key: key, in: order) { return row }
        if try store.isHidden(id) { throw ContactsError.contactNotFound(id: id) }
        throw ContactsError.inconsistent("contact \(id) is not in the list order")
    }

    /// The sort key and stored contact of `id`.
    func current(_ id: Int) throws -> ([UInt8], Contact) {
        try store.database.withStatement(SQLiteContactStore.contactByIDSQL) { statement in
            statement.bind(id, to: ":id")
            guard try statement.step() else { throw ContactsError.contactNotFound(id: id) }
            let fields = statement.fields(from: 1)
            return (
                fields.sortKey(in: store.locale).bytes,
                Contact(id: id, position: -1, revision: statement.int(at: 0), fields: fields)
            )
        }
    }

    /// Refuses a stale `ifRevision` of `contact`.
    static func check(_ contact: Contact, ifRevision: Int?) throws {
        if let ifRevision, ifRevision != contact.revision {
            throw ContactsError.staleRevision(id: contact.id, current: contact.revision)
        }
    }
}
