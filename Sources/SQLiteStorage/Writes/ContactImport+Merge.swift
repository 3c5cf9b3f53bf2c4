import Contacts

/// `mode=merge` on SQLite: the stored contacts' match keys are read once at the
/// start (`ContactMatch.keys`). A row that matches a contact this import added
/// updates it where it waits (the staging file); one that matches a stored contact
/// waits in `staging.import_merges` until the import is shown: then, in that last
/// transaction, each such contact as it is then takes its rows in file order
/// (same id, fields merged, a new revision, its place in the order and its search
/// text moved). A row that matches none is added, and its keys join the table so
/// that the file's own repeats merge too.
extension ContactImport {
    /// Every stored contact's match keys, the first contact of each key winning.
    static func matchKeys(in store: ContactStore) throws -> [String: Int] {
        var keys: [String: Int] = [:]
        let hidden = try store.hiddenIDs()
        try store.database.withStatement("SELECT id, \(ContactField.columnList) FROM contacts ORDER BY id") {
            statement in
            while try statement.step() {
                let id = statement.int(at: 0)
                guard hidden.isEmpty || !hidden.contains(id) else { continue }
                for key in ContactMatch.keys(statement.fields(from: 1)) where keys[key] == nil {
                    keys[key] = id
                }
            }
        }
        return keys
    }

    /// The contact `fields` matches, if any: a stored contact's id, or `-(seq + 1)`
    /// for one this import added.
    func match(_ fields: ContactFields) -> Int? {
        for key in ContactMatch.keys(fields) {
            if let id = matches[key] { return id }
        }
        return nil
    }

    /// Remembers `fields` of contact `id` (as `match` gives it) for the rows after it.
    func remember(_ fields: ContactFields, id: Int) {
        for key in ContactMatch.keys(fields) where matches[key] == nil { matches[key] = id }
    }

    /// The row `incoming` merged into the contact `match` names (`ContactMatch.merged`):
    /// at once when this import added it, else when the import is shown.
    func merge(_ incoming: ContactFields, into match: Int) throws {
        guard match < 0 else { return try keep(incoming, for: match) }
        let seq = -match - 1
        let database = store.database
        let waiting = try database.withStatement(
            "SELECT \(ContactField.columnList) FROM staging.import_rows WHERE seq = :seq"
        ) { statement -> ContactFields? in
            statement.bind(seq, to: ":seq")
            return try statement.step() ? statement.fields(from: 0) : nil
        }
        guard let waiting else { throw ContactsError.inconsistent("imported contact \(seq + 1) is gone") }
        let merged = ContactMatch.merged(waiting, with: incoming)
        guard merged != waiting else { return }
        try stage(seq: seq, key: merged.sortKey, fields: merged, document: SearchText.document(merged))
        sectionRows[waiting.sortKey.section] -= 1
        sectionRows[merged.sortKey.section] += 1
        remember(merged, id: match)
    }

    /// Keeps the row `incoming` for stored contact `id`, after the rows kept for it before.
    private func keep(_ incoming: ContactFields, for id: Int) throws {
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
        if let stored = try stored(id) {
            remember(try waitingMerges(for: id).reduce(stored, ContactMatch.merged), id: id)
        }
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
            guard let (id, incoming) = current, !hidden.contains(id), let stored = try stored(id) else {
                return
            }
            let merged = incoming.reduce(stored, ContactMatch.merged)
            guard merged != stored else {
                unchanged += 1
                return
            }
            try update(id, from: stored, to: merged, revision: revision)
            rows[stored.sortKey.section] -= 1
            rows[merged.sortKey.section] += 1
            updated += 1
            changes.append(
                ListChange(
                    version: revision, id: id, oldKey: stored.sortKey.bytes, newKey: merged.sortKey.bytes,
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

    /// Stored contact `id` rewritten from `old` to `new` at `revision`: its row, its
    /// place in the order, its search text.
    private func update(_ id: Int, from old: ContactFields, to new: ContactFields, revision: Int) throws {
        try store.database.run(ContactField.updateSQL) { statement in
            statement.bind(id, to: ":id")
            statement.bind(new)
            statement.bind(revision, to: ":revision")
        }
        let (oldKey, newKey) = (old.sortKey.bytes, new.sortKey.bytes)
        let lines = NoteLines.count(new.notes)
        if oldKey != newKey {
            try store.removeFromOrder(id: id, key: oldKey)
            try store.addToOrder(id: id, key: newKey, lines: lines)
        } else if lines != NoteLines.count(old.notes) {
            try store.setLines(id: id, key: oldKey, lines: lines)
        }
        try store.unindex(id: id, fields: old)
        try store.index(id: id, fields: new)
    }
}
