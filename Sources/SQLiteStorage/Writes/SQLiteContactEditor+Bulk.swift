import Contacts

/// Bulk writes in the SQLite file (docs/api.md, "Bulk actions"): one transaction and one
/// data version for every contact named, each changed as its single write would change it
/// (its history kept, a deleted one kept as a tombstone), its row found once in the list
/// the write has made so far.
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
            var state = start
            for id in ids where !excluded.contains(where: { $0.contains(id) }) {
                let done: ListState?
                switch change {
                case .delete: done = try bulkDelete(id, in: state, version: next)
                case .restore: done = try bulkRestore(id, in: state, version: next)
                default: done = try bulkUpdate(id, change, in: state, version: next)
                }
                if let done {
                    state = done
                    changed.append(id)
                }
            }
            return (nil, ListState(version: next, sections: state.sections, order: state.order), nil)
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

    /// The stored contact `id` and its row in `order`, or nil when the list does not
    /// show it (deleted, or an import's not shown yet).
    private func listed(_ id: Int, in order: ListOrder) throws -> ([UInt8], Contact, Int)? {
        do {
            let (key, contact) = try current(id)
            return (key, contact, try listedRow(of: id, key: key, in: order))
        } catch ContactsError.contactNotFound {
            return nil
        }
    }

    /// `state` after contact `id` is changed by `change`; nil when it is not shown or
    /// the change leaves it as it is. A star or a label moves no contact.
    private func bulkUpdate(_ id: Int, _ change: BulkChange, in state: ListState, version: Int) throws
        -> ListState?
    {
        guard let (key, old, row) = try listed(id, in: state.order),
            let fields = try change.applied(to: old.fields)
        else { return nil }
        guard try fields.checkedSortKey(in: store.locale).bytes == key else {
            throw ContactsError.inconsistent("a bulk change moved contact \(id)")
        }
        try keep(old)
        try store.database.run(ContactField.updateSQL) { update in
            update.bind(id, to: ":id")
            update.bind(fields)
            update.bind(version, to: ":revision")
        }
        try store.reindex(id: id, from: old.fields, to: fields)
        try store.relabel(id: id, from: old.fields.labels, to: fields.labels)
        let entry = OrderEntry(id: id, version: version, lines: NoteLines.count(fields.notes))
        return state.replacing(at: row, with: entry, version: version)
    }

    /// `state` after contact `id` is deleted (kept as a tombstone); nil when it is not shown.
    private func bulkDelete(_ id: Int, in state: ListState, version: Int) throws -> ListState? {
        guard let (key, old, row) = try listed(id, in: state.order) else { return nil }
        try entomb(old)
        try store.database.execute("DELETE FROM contacts WHERE id = \(id)")
        try store.removeFromOrder(id: id, key: key)
        try store.unindex(id: id, fields: old.fields)
        try store.unlabel(id: id, old.fields.labels)
        return state.removing(at: row, section: ContactSortKey(bytes: key).section, version: version)
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
