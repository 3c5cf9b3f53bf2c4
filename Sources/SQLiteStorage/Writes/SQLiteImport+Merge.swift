import Contacts
import Phones

/// `mode=merge` on SQLite: the stored contacts' match keys are read once at the
/// start (`ContactMatch.keys`). A row that matches a contact waits in
/// `staging.import_merges`: one of this import's takes its rows in file order once
/// it is in `contacts` (step 2, still hidden); a stored one when the import is
/// shown, in that last transaction, as it is then (same id, fields merged, a new
/// revision, its place in the order, its search text and its labels moved). A row that matches
/// none is added, and its keys join the table so that the file's own repeats merge
/// too.
extension SQLiteImport {
    /// Every stored contact's match keys, the first contact of each key winning.
    static func matchKeys(in store: SQLiteContactStore) throws -> MatchKeys {
        var keys = MatchKeys(region: store.phoneRegion)
        let hidden = try store.hiddenIDs()
        try store.database.withStatement("SELECT id, \(ContactField.columnList) FROM contacts ORDER BY id") {
            statement in
            while try statement.step() {
                let id = statement.int(at: 0)
                guard hidden.isEmpty || !hidden.contains(id) else { continue }
                keys.remember(statement.fields(from: 1), id: id)
            }
        }
        return keys
    }

    /// Keeps the row `incoming` for contact `id` (stored, or this import's), after the
    /// rows kept for it before: a staged contact is never changed where it waits.
    func keep(_ incoming: ContactFields, for id: Int) throws {
        let database = store.database
        try database.run(
            "INSERT INTO staging.import_merges (id, seq, \(ContactField.columnList)) "
                + "VALUES (:id, :seq, \(ContactField.parameterList))"
        ) { statement in
            statement.bind(id, to: ":id")
            statement.bind(merges, to: ":seq")
            statement.bind(incoming)
        }
        merges += 1
        // The keys it will have, as far as they are known now, for the rows after it.
        if let base = try isOwn(id) ? staged(id) : stored(id) {
            matches.remember(try waitingMerges(for: id).reduce(base, ContactMatch.merged), id: id)
        }
    }

    /// Contact `id` of this import's as it waits in the staging file.
    private func staged(_ id: Int) throws -> ContactFields? {
        try store.database.withStatement(
            "SELECT \(ContactField.columnList) FROM staging.import_rows WHERE id = :id"
        ) { statement -> ContactFields? in
            statement.bind(id, to: ":id")
            return try statement.step() ? statement.fields(from: 0) : nil
        }
    }

    /// Step 2: the rows kept for this import's own contacts (the file's repeats),
    /// merged into them once they are in `contacts` (still hidden): their rows and
    /// texts change together, in the list's file, and their keys in the staging file
    /// for the places still to write. In slices.
    func mergeOwn() throws {
        guard merges > 0 else { return }
        let ids = try store.database.withStatement(
            "SELECT DISTINCT id FROM staging.import_merges ORDER BY id"
        ) {
            statement in
            var ids: [Int] = []
            while try statement.step() {
                let id = statement.int(at: 0)
                if isOwn(id) { ids.append(id) }
            }
            return ids
        }
        for id in ids {
            let incoming = try waitingMerges(for: id)
            try slices.open()
            guard let old = try stored(id) else { continue }
            let merged = incoming.reduce(old, ContactMatch.merged)
            guard merged != old else { continue }
            try update(id, from: old, to: merged, revision: 0, placed: false)
            try store.database.run(
                "UPDATE staging.import_rows SET sort_key = :key, lines = :lines, document = :document WHERE id = :id"
            ) { statement in
                // The text the index holds now: what a cleanup takes out after a kill.
                statement.bind(blob: merged.sortKey(in: store.locale).bytes, to: ":key")
                statement.bind(NoteLines.count(merged.notes), to: ":lines")
                statement.bind(SearchText.document(merged, region: store.phoneRegion), to: ":document")
                statement.bind(id, to: ":id")
            }
            sectionRows[old.sortKey(in: store.locale).section] -= 1
            sectionRows[merged.sortKey(in: store.locale).section] += 1
            try slices.stepped()
        }
        try slices.commit()
    }

    /// The rows kept for stored contact `id`, in file order.
    private func waitingMerges(for id: Int) throws -> [ContactFields] {
        try store.database.withStatement(
            "SELECT \(ContactField.columnList) FROM staging.import_merges WHERE id = :id ORDER BY seq"
        ) { statement in
            statement.bind(id, to: ":id")
            var rows: [ContactFields] = []
            while try statement.step() { rows.append(statement.fields(from: 0)) }
            return rows
        }
    }

    /// Contact `id`'s fields as stored now, nil when it is gone.
    private func stored(_ id: Int) throws -> ContactFields? {
        try store.database.withStatement("SELECT \(ContactField.columnList) FROM contacts WHERE id = :id") {
            statement -> ContactFields? in
            statement.bind(id, to: ":id")
            return try statement.step() ? statement.fields(from: 0) : nil
        }
    }

    /// In the transaction that shows the import: each stored contact matched takes
    /// its rows, as it is now (a single write may have changed it since, or deleted
    /// it: then its rows are dropped). `sectionRows` follows the contacts that move.
    /// Returns the changes of the list, in order.
    func applyMerges(revision: Int, sectionRows rows: inout [Int]) throws -> [ListChange] {
        guard merges > 0 else { return [] }
        let hidden = try store.hiddenIDs()
        var current: (id: Int, rows: [ContactFields])?
        var changes: [ListChange] = []
        func finish() throws {
            guard let (id, incoming) = current, !hidden.contains(id), !isOwn(id), let stored = try stored(id)
            else { return }
            let merged = incoming.reduce(stored, ContactMatch.merged)
            guard merged != stored else {
                unchanged += 1
                return
            }
            try update(id, from: stored, to: merged, revision: revision, placed: true)
            rows[stored.sortKey(in: store.locale).section] -= 1
            rows[merged.sortKey(in: store.locale).section] += 1
            updated += 1
            changes.append(
                ListChange(
                    version: revision, id: id, oldKey: stored.sortKey(in: store.locale).bytes,
                    newKey: merged.sortKey(in: store.locale).bytes,
                    lines: NoteLines.count(merged.notes)))
        }
        try store.database.withStatement(
            "SELECT id, \(ContactField.columnList) FROM staging.import_merges ORDER BY id, seq"
        ) { statement in
            while try statement.step() {
                let id = statement.int(at: 0)
                if current?.id != id {
                    try finish()
                    current = (id, [])
                }
                current?.rows.append(statement.fields(from: 1))
            }
        }
        try finish()
        return changes
    }

    /// Contact `id` rewritten from `old` to `new` at `revision`: its row, its search
    /// text, and, when it has one (`placed`), its place in the order.
    private func update(
        _ id: Int, from old: ContactFields, to new: ContactFields, revision: Int, placed: Bool
    )
        throws
    {
        try store.database.run(ContactField.updateSQL) { statement in
            statement.bind(id, to: ":id")
            statement.bind(new)
            statement.bind(revision, to: ":revision")
        }
        let (oldKey, newKey) = (old.sortKey(in: store.locale).bytes, new.sortKey(in: store.locale).bytes)
        let lines = NoteLines.count(new.notes)
        if placed && oldKey != newKey {
            try store.removeFromOrder(id: id, key: oldKey)
            try store.addToOrder(id: id, key: newKey, lines: lines)
        } else if placed && lines != NoteLines.count(old.notes) {
            try store.setLines(id: id, key: oldKey, lines: lines)
        }
        try store.reindex(id: id, from: old, to: new)
        try store.relabel(id: id, from: old.labels, to: new.labels)
    }
}
