import Contacts

/// A contact's history and its undo in the SQLite file
/// (docs/api.md, "Merging an older revision's write"; docs/api.md, "Undo"): the fields an update
/// replaces, kept in `contact_revisions` (the last `ContactEdit.keptRevisions` of each contact),
/// read by `merge`; a deleted contact, kept in `deleted_contacts` for `ContactEdit.undoSeconds`,
/// brought back by `restore`. Each write purges the tombstones past that, and their history.
extension SQLiteContactEditor {
    /// Changes contact `id`, read by the writer at `revision`, to what `change` makes
    /// of its fields then and now (see `ContactEditing.merge`).
    public func merge(
        id: Int, since revision: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (_ then: ContactFields, _ now: Contact) throws -> ContactFields
    ) throws -> ContactEdit.Outcome {
        try edit(id: id, base: base, prepare: prepare) { now in
            try ContactEdit.merged(
                since: revision, now: now, kept: { try kept(id: id, revision: $0) }, change: change)
        }
    }

    /// Brings back contact `id` from its tombstone (see `ContactEditing.restore`).
    public func restore(id: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare) throws
        -> ContactEdit.Outcome
    {
        try transact(base: base, prepare: prepare) { state, version in
            try restored(id: id, state: state, version: version)
        }
    }

    /// Contact `id` back from its tombstone in `state` at `version` (see `restore`).
    func restored(id: Int, state: ListState, version: Int) throws -> (Contact, ListState, ListChange) {
        if try store.database.integer(
            "SELECT 1 FROM contacts WHERE id = :id", bind: { $0.bind(id, to: ":id") })
            != nil
        {
            throw ContactsError.contactExists(id: id)
        }
        let tombstone = try store.database.withStatement(
            "SELECT revision, fields FROM deleted_contacts WHERE id = :id AND deleted_at >= :since"
        ) { statement in
            statement.bind(id, to: ":id")
            statement.bind(clock() - ContactEdit.undoSeconds, to: ":since")
            return try statement.step() ? (statement.int(at: 0), statement.string(at: 1)) : nil
        }
        // A list replaced since (`import?mode=replace`) took the contact's id out for good.
        guard let (revision, text) = tombstone, try !store.isHidden(id) else {
            throw ContactsError.contactNotFound(id: id)
        }
        let fields = try ContactFields(storedJSON: text)
        let restored = try add(
            id: id, fields, key: try fields.checkedSortKey(in: store.locale), state: state,
            version: version)
        try keep(Contact(id: id, position: -1, revision: revision, fields: fields))
        try store.database.execute("DELETE FROM deleted_contacts WHERE id = \(id)")
        return restored
    }

    /// The fields of contact `id` at `revision`, when its history keeps them.
    func kept(id: Int, revision: Int) throws -> ContactFields? {
        let text = try store.database.withStatement(
            "SELECT fields FROM contact_revisions WHERE id = :id AND revision = :revision"
        ) { statement in
            statement.bind(id, to: ":id")
            statement.bind(revision, to: ":revision")
            return try statement.step() ? statement.string(at: 0) : nil
        }
        return try text.map { try ContactFields(storedJSON: $0) }
    }

    /// Keeps `old` (the contact an update replaces) in its history, which keeps its
    /// last `ContactEdit.keptRevisions`.
    func keep(_ old: Contact) throws {
        try store.database.run(
            "INSERT OR REPLACE INTO contact_revisions (id, revision, fields) VALUES (:id, :revision, :fields)"
        ) { statement in
            statement.bind(old.id, to: ":id")
            statement.bind(old.revision, to: ":revision")
            statement.bind(old.fields.storedJSON, to: ":fields")
        }
        try store.database.run(
            """
            DELETE FROM contact_revisions WHERE id = :id AND revision < (
                SELECT revision FROM contact_revisions WHERE id = :id ORDER BY revision DESC LIMIT 1 OFFSET :keep)
            """
        ) { statement in
            statement.bind(old.id, to: ":id")
            statement.bind(ContactEdit.keptRevisions - 1, to: ":keep")
        }
    }

    /// Keeps `old` (the contact a delete removes) as its tombstone, stamped now.
    func entomb(_ old: Contact) throws {
        try store.database.run(
            """
            INSERT OR REPLACE INTO deleted_contacts (id, revision, deleted_at, fields)
            VALUES (:id, :revision, :at, :fields)
            """
        ) { statement in
            statement.bind(old.id, to: ":id")
            statement.bind(old.revision, to: ":revision")
            statement.bind(clock(), to: ":at")
            statement.bind(old.fields.storedJSON, to: ":fields")
        }
    }

    /// Forgets the tombstones past undoing, and their contacts' history; collects the photos
    /// nothing names any more.
    func purge() throws {
        let before = clock() - ContactEdit.undoSeconds
        try store.database.run(
            "DELETE FROM contact_revisions WHERE id IN (SELECT id FROM deleted_contacts WHERE deleted_at < :before)"
        ) { $0.bind(before, to: ":before") }
        try store.database.run("DELETE FROM deleted_contacts WHERE deleted_at < :before") {
            $0.bind(before, to: ":before")
        }
        try store.collectPhotos(before: clock() - PhotoCollection.graceSeconds)
    }
}
