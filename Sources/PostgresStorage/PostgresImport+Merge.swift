import Contacts

/// `mode=merge` on PostgreSQL, inside the import's one transaction: the stored
/// contacts' match keys are read before the COPY starts (`ContactMatch.keys`); a
/// row that matches one waits (a COPY cannot be interrupted) and, once the COPY
/// has ended, updates it in place (same id, fields merged, the import's version as
/// its revision, its sort key, lines and search text with it); other rows are
/// copied in as new, and their keys join the table so the file's repeats merge too.
/// Other servers read the list whole at this version, as after any import.
extension PostgresImport {
    /// Every stored contact's match keys, the first contact of each key winning.
    static func matchKeys(_ connection: PGConnection) throws -> [String: Int] {
        var keys: [String: Int] = [:]
        let result = try connection.query("SELECT id, \(ContactField.columnList) FROM contacts ORDER BY id")
        for row in 0..<result.count {
            let id = result.int(row, 0)
            for key in ContactMatch.keys(PostgresReads.fields(result, row: row, from: 1))
            where keys[key] == nil {
                keys[key] = id
            }
        }
        return keys
    }

    /// The stored (or copied) contact `fields` matches, if any.
    func match(_ fields: ContactFields) -> Int? {
        ContactMatch.keys(fields).lazy.compactMap { self.matches[$0] }.first
    }

    /// Remembers `fields` of contact `id` for the rows after it.
    func remember(_ fields: ContactFields, id: Int) {
        for key in ContactMatch.keys(fields) where matches[key] == nil { matches[key] = id }
    }

    /// The waiting updates, applied in file order once the COPY has ended.
    func applyMerges() throws {
        for (id, incoming) in pending {
            guard let (contact, _) = try PostgresReads(connection: connection, version: version).stored(id)
            else {
                throw ContactsError.inconsistent("contact \(id) matched but is gone")
            }
            let merged = ContactMatch.merged(contact.fields, with: incoming)
            if merged == contact.fields {
                if id < firstID { unchanged += 1 }
                continue
            }
            try PostgresEditor.storable(merged)
            var values = PostgresReads.values(merged)
            values["id"] = String(id)
            values["sort_key"] = merged.sortKey.bytes.byteaLiteral
            values["lines"] = String(NoteLines.count(merged.notes))
            values["revision"] = String(version)
            values["search"] = SearchText.document(merged)
            try connection.query(PostgresEditor.updateSQL, values)
            if id < firstID { updated += 1 }
        }
        pending = []
    }
}
