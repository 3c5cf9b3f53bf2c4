import Contacts

/// A contact's history and its undo on PostgreSQL, as SQLite's editor keeps them
/// (docs/api.md, "Merging an older revision's write"; docs/api.md, "Undo"): the fields an update
/// replaces in `contact_revisions` (the last `ContactEdit.keptRevisions`), a deleted
/// contact in `deleted_contacts` for `ContactEdit.undoSeconds`, purged by each
/// write after that with its history. A restore is logged as an insert, so the
/// other servers put the contact back in their lists as they follow.
extension PostgresEditor {
    public func merge(
        id: Int, since revision: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (_ then: ContactFields, _ now: Contact) throws -> ContactFields
    ) throws -> ContactEdit.Outcome {
        try edit(id: id, base: base, prepare: prepare) { now in
            try ContactEdit.merged(
                since: revision, now: now,
                kept: { revision in
                    let result = try connection.query(
                        "SELECT fields FROM contact_revisions WHERE id = $1 AND revision = $2",
                        [String(id), String(revision)])
                    return result.count == 1 ? try ContactFields(storedJSON: result.string(0, 0)) : nil
                }, change: change)
        }
    }

    public func restore(id: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare) throws
        -> ContactEdit.Outcome
    {
        try transact(base: base, prepare: prepare) { reads, state, version in
            if try reads.stored(id) != nil { throw ContactsError.contactExists(id: id) }
            let tombstone = try connection.query(
                "DELETE FROM deleted_contacts WHERE id = $1 AND deleted_at >= $2 RETURNING revision, fields",
                [String(id), String(clock() - ContactEdit.undoSeconds)])
            guard tombstone.count == 1 else { throw ContactsError.contactNotFound(id: id) }
            let fields = try ContactFields(storedJSON: tombstone.string(0, 1))
            try keep(Contact(id: id, position: -1, revision: tombstone.int(0, 0), fields: fields))
            return try store(
                Self.insertSQL, id: id, fields, key: try Self.checked(fields, in: locale), oldKey: nil,
                version: version,
                state,
                reads)
        }
    }

    /// Keeps `old` (the contact an update replaces) in its history, which keeps its
    /// last `ContactEdit.keptRevisions`.
    func keep(_ old: Contact) throws {
        let (id, revision) = (String(old.id), String(old.revision))
        try connection.query(
            """
            INSERT INTO contact_revisions (id, revision, fields) VALUES ($1, $2, $3)
            ON CONFLICT (id, revision) DO UPDATE SET fields = excluded.fields
            """, [id, revision, old.fields.storedJSON])
        try connection.query(
            """
            DELETE FROM contact_revisions WHERE id = $1 AND revision < (
                SELECT revision FROM contact_revisions WHERE id = $1 ORDER BY revision DESC LIMIT 1 OFFSET $2)
            """, [id, String(ContactEdit.keptRevisions - 1)])
    }

    /// Keeps `old` (the contact a delete removes) as its tombstone, stamped now.
    func entomb(_ old: Contact) throws {
        try connection.query(
            """
            INSERT INTO deleted_contacts (id, revision, deleted_at, fields) VALUES ($1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, deleted_at = excluded.deleted_at,
                fields = excluded.fields
            """, [String(old.id), String(old.revision), String(clock()), old.fields.storedJSON])
    }

    /// Forgets the tombstones past undoing, and their contacts' history (one statement);
    /// collects the photos nothing names any more.
    func purge() throws {
        try connection.query(
            """
            WITH gone AS (DELETE FROM deleted_contacts WHERE deleted_at < $1 RETURNING id)
            DELETE FROM contact_revisions WHERE id IN (SELECT id FROM gone)
            """, [String(clock() - ContactEdit.undoSeconds)])
        try PostgresPhotos.collect(on: connection, before: clock() - PhotoCollection.graceSeconds)
    }
}
