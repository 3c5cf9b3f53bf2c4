import Contacts

/// `mode=merge` on SQLite, inside the import's one transaction: the stored
/// contacts' match keys are read once at the start (`ContactMatch.keys`); a row
/// that matches one updates it in place (same id, fields merged, a new revision,
/// its place in the order and its search text moved), a row that matches none is
/// added, and its keys join the table so that the file's own repeats merge too.
extension ContactImport {
    /// Every stored contact's match keys, the first contact of each key winning.
    static func matchKeys(in store: ContactStore) throws -> [String: Int] {
        var keys: [String: Int] = [:]
        try store.database.withStatement("SELECT id, \(ContactField.columnList) FROM contacts ORDER BY id") {
            statement in
            while try statement.step() {
                let id = statement.int(at: 0)
                for key in ContactMatch.keys(statement.fields(from: 1)) where keys[key] == nil {
                    keys[key] = id
                }
            }
        }
        return keys
    }

    /// The stored contact `fields` matches, if any.
    func match(_ fields: ContactFields) -> Int? {
        for key in ContactMatch.keys(fields) {
            if let id = matches[key] { return id }
        }
        return nil
    }

    /// Remembers `fields` of contact `id` for the rows after it.
    func remember(_ fields: ContactFields, id: Int) {
        for key in ContactMatch.keys(fields) where matches[key] == nil { matches[key] = id }
    }

    /// Contact `id` updated with the row `incoming` (`ContactMatch.merged`).
    func update(id: Int, with incoming: ContactFields) throws {
        let database = store.database
        let stored = try database.withStatement(
            "SELECT \(ContactField.columnList) FROM contacts WHERE id = :id"
        ) { statement -> ContactFields? in
            statement.bind(id, to: ":id")
            return try statement.step() ? statement.fields(from: 0) : nil
        }
        guard let stored else { throw ContactsError.inconsistent("contact \(id) matched but is gone") }
        let merged = ContactMatch.merged(stored, with: incoming)
        if merged == stored {
            if id < firstID { unchanged += 1 }
            return
        }
        try database.run(ContactField.updateSQL) { statement in
            statement.bind(id, to: ":id")
            statement.bind(merged)
            statement.bind(revision, to: ":revision")
        }
        let oldKey = stored.sortKey
        let newKey = merged.sortKey
        if id >= firstID {
            // Added by this import: its place waits in the scratch table.
            try database.run("UPDATE temp.import_order SET sort_key = :key, lines = :lines WHERE id = :id") {
                statement in
                statement.bind(blob: newKey.bytes, to: ":key")
                statement.bind(NoteLines.count(merged.notes), to: ":lines")
                statement.bind(id, to: ":id")
            }
        } else {
            try database.run("DELETE FROM contact_order WHERE sort_key = :key AND id = :id") { statement in
                statement.bind(blob: oldKey.bytes, to: ":key")
                statement.bind(id, to: ":id")
            }
            stage.bind(blob: newKey.bytes, to: ":sort_key")
            stage.bind(id, to: ":id")
            stage.bind(NoteLines.count(merged.notes), to: ":lines")
            try stage.run()
            updated += 1
        }
        try store.reindex(id: id, from: stored, to: merged)
        try store.relabel(id: id, from: stored.labels, to: merged.labels)
        sectionRows[oldKey.section] -= 1
        sectionRows[newKey.section] += 1
        remember(merged, id: id)
    }
}
