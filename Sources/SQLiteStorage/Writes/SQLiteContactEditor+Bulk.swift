import Contacts

/// Bulk writes in the SQLite file (docs/api.md, "Bulk actions"): one transaction and one
/// data version for every contact named, each changed as its single write would change it
/// (its history kept, a deleted one kept as a tombstone). The rows of the contacts named
/// are found in one pass over the order and the next list is made in one more
/// (`ListState.rebuilt`), so that a write naming 100,000 contacts reads no sort key and
/// copies the order once; a star or a label changes no search text, and is not indexed again.
extension SQLiteContactEditor {
    /// Applies `change` to each contact of `ids` the list has, leaving out the ids marked
    /// added after `addedAfter` (`id_marks`); see `ContactEditing.bulk`.
    public func bulk(
        _ change: BulkChange, ids: [Int], addedAfter version: Int?, base: ContactEdit.Base,
        prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.BulkOutcome {
        var changed: [Int] = []
        let outcome = try transact(base: base, prepare: prepare) { start, next in
            let excluded = try version.map(addedRanges(after:)) ?? []
            let named = ids.filter { id in !excluded.contains { $0.contains(id) } }
            if change == .restore {
                var state = start
                for id in named {
                    guard let restored = try bulkRestore(id, in: state, version: next) else { continue }
                    state = restored
                    changed.append(id)
                }
                return (nil, ListState(version: next, sections: state.sections, order: state.order), nil)
            }
            let rows = start.rows(of: Set(named))
            var revised: [Int32: OrderEntry] = [:]
            var removed = Set<Int32>()
            for id in named {
                guard let row = rows[id], revised[Int32(id)] == nil, !removed.contains(Int32(id)) else {
                    continue
                }
                if change == .delete {
                    try bulkDelete(id)
                    removed.insert(Int32(id))
                } else if try bulkUpdate(id, change, version: next) {
                    revised[Int32(id)] = OrderEntry(id: id, version: next, lines: Int(start.order[row].lines))
                } else {
                    continue
                }
                changed.append(id)
            }
            return (nil, start.rebuilt(version: next, revised: revised, removed: removed), nil)
        }
        return ContactEdit.BulkOutcome(changed: changed, state: outcome.state)
    }

    /// The id ranges marked as made visible after data version `version`.
    func addedRanges(after version: Int) throws -> [ClosedRange<Int>] {
        try store.database.withStatement("SELECT first_id, last_id FROM id_marks WHERE version > :version") {
            statement in
            statement.bind(version, to: ":version")
            var ranges: [ClosedRange<Int>] = []
            while try statement.step() {
                let (first, last) = (statement.int(at: 0), statement.int(at: 1))
                if first <= last { ranges.append(first...last) }
            }
            return ranges
        }
    }

    /// The stored contact `id` (its fields and revision), or nil when there is none.
    private func stored(_ id: Int) throws -> Contact? {
        try store.database.withStatement(SQLiteContactStore.contactByIDSQL) { statement in
            statement.bind(id, to: ":id")
            guard try statement.step() else { return nil }
            return Contact(
                id: id, position: -1, revision: statement.int(at: 0), fields: statement.fields(from: 1))
        }
    }

    /// Changes contact `id` (shown) by `change`, a star or a label: neither moves it nor
    /// changes its search text. False when the change leaves it as it is.
    private func bulkUpdate(_ id: Int, _ change: BulkChange, version: Int) throws -> Bool {
        guard let old = try stored(id), let fields = try change.applied(to: old.fields) else { return false }
        try keep(old)
        try store.database.run(
            "UPDATE contacts SET favorite = :favorite, labels = :labels, revision = :revision WHERE id = :id"
        ) { update in
            update.bind(id, to: ":id")
            update.bind(fields.favorite ? 1 : 0, to: ":favorite")
            update.bind(fields.labels, to: ":labels")
            update.bind(version, to: ":revision")
        }
        if fields.labels != old.fields.labels {
            try store.relabel(id: id, from: old.fields.labels, to: fields.labels)
        }
        return true
    }

    /// Deletes contact `id` (shown), keeping it as a tombstone.
    private func bulkDelete(_ id: Int) throws {
        let (key, old) = try current(id)
        try entomb(old)
        try store.database.execute("DELETE FROM contacts WHERE id = \(id)")
        try store.removeFromOrder(id: id, key: key)
        try store.unindex(id: id, fields: old.fields)
        try store.unlabel(id: id, old.fields.labels)
    }

    /// `state` after contact `id` comes back from its tombstone; nil when it is in the
    /// list, or has no tombstone (past undoing).
    private func bulkRestore(_ id: Int, in state: ListState, version: Int) throws -> ListState? {
        do {
            return try restored(id: id, state: state, version: version).1
        } catch ContactsError.contactExists {
            return nil
        } catch ContactsError.contactNotFound {
            return nil
        }
    }
}
