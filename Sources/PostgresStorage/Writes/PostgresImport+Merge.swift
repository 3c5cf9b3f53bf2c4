import Contacts
import Phones

/// `mode=merge` on PostgreSQL, inside the import's one transaction: the stored
/// contacts' match keys are read before the COPY starts (`ContactMatch.keys`); a
/// row that matches one waits (a COPY cannot be interrupted) and, in the last step,
/// updates it in place (same id, fields merged, the import's version as its
/// revision, its sort key, lines and search text with it); other rows are copied
/// in as new, and their keys join the table so the file's repeats merge too.
/// Other servers read the list whole at this version, as after any import.
extension PostgresImport {
    /// Every stored contact's match keys, the first contact of each key winning.
    static func matchKeys(_ connection: PostgresConnection, region: PhoneRegion) throws -> MatchKeys {
        var keys = MatchKeys(region: region)
        let result = try connection.query("SELECT id, \(ContactField.columnList) FROM contacts ORDER BY id")
        for row in 0..<result.count {
            keys.remember(PostgresReads.fields(result, row: row, from: 1), id: result.int(row, 0))
        }
        return keys
    }

    /// The waiting updates, applied in file order once the COPY has ended and the
    /// last step holds the writers' lock: each to the contact as it is now (a single
    /// write may have changed it since the import began; one deleted since is
    /// skipped), with the import's version as its revision, and to `state`, the list
    /// being shown (when known: nil is read whole afterwards).
    func applyMerges(to state: inout ListState?) throws {
        let reads = PostgresReads(connection: connection, version: version, locale: locale)
        for (id, incoming) in pending {
            guard let (contact, oldKey) = try reads.stored(id) else { continue }
            let merged = ContactMatch.merged(contact.fields, with: incoming)
            if merged == contact.fields {
                if !isOwn(id) { unchanged += 1 }
                continue
            }
            try PostgresEditor.storable(merged)
            let newKey = merged.sortKey(in: locale).bytes
            var values = PostgresReads.values(merged)
            values["id"] = String(id)
            values["sort_key"] = newKey.byteaLiteral
            values["lines"] = String(NoteLines.count(merged.notes))
            values["revision"] = String(version)
            values["search"] = SearchText.document(merged, region: region)
            try connection.query(PostgresEditor.updateSQL, values)
            if !isOwn(id) { updated += 1 }
            if let known = state {
                let change = PostgresReads.Change(
                    version: version, id: id, oldKey: oldKey, newKey: newKey,
                    lines: NoteLines.count(merged.notes))
                state = try PostgresReads.applying(change, to: known, keyOf: reads.sortKey(of:))?.state
            }
        }
        pending = []
    }
}
