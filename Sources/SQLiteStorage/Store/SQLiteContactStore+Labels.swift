import Contacts

/// Labels and favourites as sets of ids (docs/api.md, "Labels"): `contact_labels` keeps
/// a row per label of a contact, written in the same transaction as the contact,
/// and the partial index `contacts_favorites` the starred contacts' ids.
extension SQLiteContactStore {
    /// Adds contact `id`'s labels (`stored`, one name a line) to `contact_labels`.
    func label(id: Int, _ stored: String) throws {
        guard !stored.isEmpty else { return }
        try database.withStatement(
            "INSERT OR IGNORE INTO contact_labels (label_key, contact_id, name) VALUES (:key, :id, :name)"
        ) { insert in
            for name in ContactLabels.names(stored) {
                insert.reset()
                insert.bind(ContactLabels.key(name), to: ":key")
                insert.bind(id, to: ":id")
                insert.bind(name, to: ":name")
                try insert.run()
            }
        }
    }

    /// Takes contact `id`'s labels (`stored`) out of `contact_labels`.
    func unlabel(id: Int, _ stored: String) throws {
        guard !stored.isEmpty else { return }
        try database.withStatement("DELETE FROM contact_labels WHERE label_key = :key AND contact_id = :id") {
            delete in
            for name in ContactLabels.names(stored) {
                delete.reset()
                delete.bind(ContactLabels.key(name), to: ":key")
                delete.bind(id, to: ":id")
                try delete.run()
            }
        }
    }

    /// Contact `id`'s labels were `old` and are `new` now.
    func relabel(id: Int, from old: String, to new: String) throws {
        guard old != new else { return }
        try unlabel(id: id, old)
        try label(id: id, new)
    }

    /// The starred contacts, as the pinned read sees them, of those whose ids are in
    /// `ids` (all when nil), less those readers leave out (`HiddenIDs`).
    /// - Complexity: O(favourites): a scan of the partial index `contacts_favorites`.
    public func favorites(ids: ClosedRange<Int>?) throws -> ContactIDSet {
        let ids = try ids ?? 0...largestID()
        return try shown(ids) {
            try database.ids(
                """
                SELECT \(SQLiteDatabase.idFunction)(id) FROM contacts
                WHERE favorite = 1 AND id BETWEEN :first AND :last
                """, largest: ids.upperBound
            ) { statement in
                statement.bind(ids.lowerBound, to: ":first")
                statement.bind(ids.upperBound, to: ":last")
            }
        }
    }

    /// The contacts holding the label named `name`, in any case (`ContactLabels.key`),
    /// of those whose ids are in `ids` (all when nil), less those readers leave out
    /// (`HiddenIDs`).
    /// - Complexity: O(contacts with it): one range of `contact_labels`' key.
    public func labelled(_ name: String, ids: ClosedRange<Int>?) throws -> ContactIDSet {
        let key = ContactLabels.key(name)
        let ids = try ids ?? 0...largestID()
        return try shown(ids) {
            try database.ids(
                """
                SELECT \(SQLiteDatabase.idFunction)(contact_id) FROM contact_labels
                WHERE label_key = :key AND contact_id BETWEEN :first AND :last
                """, largest: ids.upperBound
            ) { statement in
                statement.bind(key, to: ":key")
                statement.bind(ids.lowerBound, to: ":first")
                statement.bind(ids.upperBound, to: ":last")
            }
        }
    }

    /// What `search` finds (a set of ids up to `ids`' last) less the contacts readers
    /// leave out there: an import's not shown yet, a replaced list's (`HiddenIDs`).
    private func shown(_ ids: ClosedRange<Int>, _ search: () throws -> ContactIDSet) throws -> ContactIDSet {
        var found = try search()
        for range in try hiddenIDs().ranges where range.overlaps(ids) { found.remove(range.clamped(to: ids)) }
        return found
    }

    /// Every label with the number of contacts holding it, by key, less the contacts
    /// readers leave out (`HiddenIDs`; a label only they hold is not listed).
    /// - Complexity: O(rows of `contact_labels`), times O(log r) for r hidden ranges
    ///   while there are any.
    public func labelCounts() throws -> [LabelCount] {
        let shown =
            try hiddenIDs().isEmpty
            ? ""
            : """
            WHERE coalesce((
                SELECT last_id FROM import_ranges WHERE first_id <= contact_id ORDER BY first_id DESC LIMIT 1
            ), -1) < contact_id
            """
        return try database.withStatement(
            "SELECT min(name), count(*) FROM contact_labels \(shown) GROUP BY label_key ORDER BY label_key"
        ) { statement in
            var counts: [LabelCount] = []
            while try statement.step() {
                counts.append(LabelCount(name: statement.string(at: 0), count: statement.int(at: 1)))
            }
            return counts
        }
    }

    /// Marks the labels built on a list with no contacts (a new file): none was kept
    /// the old way, and every one written from now on is written with its labels, so
    /// no start (after a seed or an import into it) need scan them for any.
    func labelsBuiltWhenEmpty() throws {
        guard try database.integer("SELECT value FROM roster_meta WHERE key = 'labels_built'") == 0,
            try database.integer("SELECT EXISTS (SELECT 1 FROM contacts)") == 0
        else { return }
        try database.execute("UPDATE roster_meta SET value = 1 WHERE key = 'labels_built'")
    }

    /// Moves the labels a list kept as `details.categories` (before migration 0010)
    /// into the `labels` field and `contact_labels`, once (one transaction).
    public func buildLabelsIfNeeded() throws {
        guard try database.integer("SELECT value FROM roster_meta WHERE key = 'labels_built'") == 0 else {
            return
        }
        try database.transaction {
            var moved: [(id: Int, fields: ContactFields)] = []
            try database.withStatement(
                "SELECT id, \(ContactField.columnList) FROM contacts WHERE details LIKE '%\"categories\"%'"
            ) { all in
                while try all.step() {
                    var fields = all.fields(from: 1)
                    guard let details = try? ContactDetails(json: fields.details), !details.categories.isEmpty
                    else { continue }
                    let (normal, rest) = ContactDetails.normalized(fields, details)
                    fields = normal
                    fields.details = rest.json
                    moved.append((all.int(at: 0), fields))
                }
            }
            for (id, fields) in moved {
                try database.run("UPDATE contacts SET labels = :labels, details = :details WHERE id = :id") {
                    update in
                    update.bind(fields.labels, to: ":labels")
                    update.bind(fields.details, to: ":details")
                    update.bind(id, to: ":id")
                }
            }
            try database.execute("DELETE FROM contact_labels")
            try database.withStatement("SELECT id, labels FROM contacts WHERE labels <> ''") { all in
                var rows: [(Int, String)] = []
                while try all.step() { rows.append((all.int(at: 0), all.string(at: 1))) }
                for (id, labels) in rows { try label(id: id, labels) }
            }
            try database.execute("UPDATE roster_meta SET value = 1 WHERE key = 'labels_built'")
        }
    }
}
