import Contacts

/// Bulk writes on PostgreSQL (docs/api.md, "Bulk actions"), as SQLite's editor makes them:
/// one transaction and one data version for every contact named, each changed as its
/// single write would change it (its history kept, a deleted one kept as a tombstone).
/// The version logs no change in `roster_changes` (that log holds one a version): the
/// other servers read the list again, as after an import. This one makes its next list in
/// one pass over the one it holds (`ListState.rebuilt`), or reads it after a restore.
extension PostgresEditor {
    public func bulk(
        _ change: BulkChange, ids: [Int], addedAfter version: Int?, base: ContactEdit.Base,
        prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.BulkOutcome {
        var changed: [Int] = []
        let outcome = try transact(base: base, prepare: prepare) { reads, start, next in
            let excluded = try version.map(addedRanges(after:)) ?? []
            let named = ids.filter { id in !excluded.contains { $0.contains(id) } }
            if change == .restore {
                for id in named where try bulkRestore(id, reads, version: next) { changed.append(id) }
                let state = try PostgresReads(connection: connection, version: next, locale: locale)
                    .listState()
                return (nil, ListState(version: next, sections: state.sections, order: state.order))
            }
            let rows = start.rows(of: Set(named))
            var revised: [Int32: OrderEntry] = [:]
            var removed = Set<Int32>()
            for id in named {
                guard let row = rows[id], revised[Int32(id)] == nil, !removed.contains(Int32(id)) else {
                    continue
                }
                if change == .delete {
                    guard try bulkDelete(id, reads) else { continue }
                    removed.insert(Int32(id))
                } else if try bulkUpdate(id, change, reads, version: next) {
                    revised[Int32(id)] = OrderEntry(id: id, version: next, lines: Int(start.order[row].lines))
                } else {
                    continue
                }
                changed.append(id)
            }
            return (nil, start.rebuilt(version: next, revised: revised, removed: removed))
        }
        return ContactEdit.BulkOutcome(changed: changed, state: outcome.state)
    }

    /// The id ranges marked as made visible after data version `version`.
    func addedRanges(after version: Int) throws -> [ClosedRange<Int>] {
        let result = try connection.query(
            "SELECT first_id, last_id FROM id_marks WHERE version > $1", [String(version)])
        return (0..<result.count).compactMap { row in
            let (first, last) = (result.int(row, 0), result.int(row, 1))
            return first <= last ? first...last : nil
        }
    }

    /// Changes contact `id` by `change`, a star or a label: neither moves it nor changes its
    /// search text. False when there is no such contact or the change leaves it as it is.
    private func bulkUpdate(_ id: Int, _ change: BulkChange, _ reads: PostgresReads, version: Int) throws
        -> Bool
    {
        guard let (old, _) = try reads.stored(id, lock: true), let fields = try change.applied(to: old.fields)
        else { return false }
        try keep(old)
        try connection.query(
            "UPDATE contacts SET favorite = $1, labels = $2, revision = $3 WHERE id = $4",
            [fields.favorite ? "true" : "false", fields.labels, String(version), String(id)])
        return true
    }

    /// Deletes contact `id`, keeping it as a tombstone; false when there is none.
    private func bulkDelete(_ id: Int, _ reads: PostgresReads) throws -> Bool {
        guard let (old, _) = try reads.stored(id, lock: true) else { return false }
        try entomb(old)
        try connection.query("DELETE FROM contacts WHERE id = $1", [String(id)])
        return true
    }

    /// Brings contact `id` back from its tombstone; false when it is in the list or has
    /// none (past undoing).
    private func bulkRestore(_ id: Int, _ reads: PostgresReads, version: Int) throws -> Bool {
        if try reads.stored(id) != nil { return false }
        let tombstone = try connection.query(
            "DELETE FROM deleted_contacts WHERE id = $1 AND deleted_at >= $2 RETURNING revision, fields",
            [String(id), String(clock() - ContactEdit.undoSeconds)])
        guard tombstone.count == 1 else { return false }
        let fields = try ContactFields(storedJSON: tombstone.string(0, 1))
        try keep(Contact(id: id, position: -1, revision: tombstone.int(0, 0), fields: fields))
        var values = PostgresReads.values(fields)
        values["id"] = String(id)
        values["sort_key"] = try Self.checked(fields, in: locale).byteaLiteral
        values["lines"] = String(NoteLines.count(fields.notes))
        values["revision"] = String(version)
        values["search"] = SearchText.document(fields, region: region)
        try connection.query(Self.insertSQL, values)
        return true
    }
}
