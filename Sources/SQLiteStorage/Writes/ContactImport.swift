import Contacts

/// One import into a store, as one transaction: contacts are appended as they
/// come (new ids, in file order), their (sort key, id) pairs go to a scratch
/// table and into `contact_order` once at the end, sorted (one sequential pass
/// instead of an insert per row at a random place), sections are written, and
/// everything commits together.
/// Until `commit()` readers see the list as it was; if the process dies first,
/// SQLite rolls everything back. Memory does not grow with the file.
///
/// Belongs to the thread that made it (`ImportJob`'s writer, or a caller of `add`).
final class ContactImport {
    let store: ContactStore
    private let insert: Statement
    let stage: Statement
    let firstID: Int
    var sectionRows: [Int]
    private var finished = false
    /// How the import meets the stored contacts.
    let mode: ImportMode
    /// `merge`: match key -> contact id (`ContactImport+Merge.swift`).
    var matches: [String: Int] = [:]
    /// The revision this import's updates get: the data version it commits.
    var revision = 0
    /// Contacts added so far.
    private(set) var staged = 0
    /// The search texts of the first contacts added, while the frequent patterns are
    /// to be chosen from them (the list held too few contacts to keep any): nil once
    /// chosen, or when the list keeps patterns of its own.
    private var firstDocuments: [String]?
    /// Whether this import chose the patterns from its first contacts.
    private var choseGrams = false
    /// Stored contacts a `merge` changed, and those it matched and left as they were.
    var updated = 0
    var unchanged = 0

    /// Begins the transaction (waiting up to the busy timeout for another writer).
    /// - Throws: `ContactsError.busy` when another writer holds the list past that.
    init(store: ContactStore, mode: ImportMode) throws {
        self.store = store
        self.mode = mode
        let database = store.database
        try database.begin(.write)
        do {
            // Sorting a large batch: give SQLite's sorter and cache 8 MiB (not more: an
            // import must not grow memory with the file, and the new list's order is
            // built beside it at the end).
            try database.execute("PRAGMA cache_size = -8192")
            if mode == .replace {
                try database.execute(
                    """
                    DELETE FROM contacts; DELETE FROM contact_order; DELETE FROM contact_labels;
                    INSERT INTO contact_search (contact_search) VALUES ('delete-all');
                    """)
                try store.gramBits.begin()
                try store.gramBits.clear()
                sectionRows = Array(repeating: 0, count: SectionInfo.titles.count)
            } else {
                try store.gramBits.begin()
                sectionRows = try store.sections().map(\.rows)
            }
            if sectionRows.reduce(0, +) < store.gramPolicy.minimumContacts { firstDocuments = [] }
            try database.execute(
                """
                CREATE TEMP TABLE IF NOT EXISTS import_order (sort_key BLOB NOT NULL, id INTEGER NOT NULL, lines INTEGER NOT NULL);
                DELETE FROM temp.import_order;
                """)
            // Both kept for the whole import; every `add` runs them to their end (reset).
            stage = try database.statement(
                "INSERT INTO temp.import_order (sort_key, id, lines) VALUES (:sort_key, :id, :lines)")
            try store.holdMerges()
            firstID = try store.nextID()
            insert = try database.statement(ContactField.insertSQL)
            if mode == .merge {
                matches = try Self.matchKeys(in: store)
                revision = try store.dataVersion() + 1
            }
        } catch {
            try? database.rollback()
            throw error
        }
    }

    deinit { rollback() }

    /// Adds one contact read from `line`.
    /// - Throws: `ContactsError.invalidContact` for a contact with neither first nor last name.
    func add(_ fields: ContactFields, line: Int) throws {
        try add(fields, key: fields.sortKey, document: SearchText.document(fields), line: line)
    }

    /// Adds one contact whose sort key and search text are made already.
    func add(_ fields: ContactFields, key: ContactSortKey, document: String, line: Int) throws {
        guard !key.isNameless else {
            throw ContactsError.invalidContact(index: line, problem: "needs a name, a company or an e-mail")
        }
        if mode == .merge {
            if let id = match(fields) { return try update(id: id, with: fields) }
            remember(fields, id: firstID + staged)
        }
        insert.bind(firstID + staged, to: ":id")
        insert.bind(fields)
        try insert.run()
        stage.bind(blob: key.bytes, to: ":sort_key")
        stage.bind(firstID + staged, to: ":id")
        stage.bind(NoteLines.count(fields.notes), to: ":lines")
        try stage.run()
        try store.index(id: firstID + staged, document: document)
        try store.label(id: firstID + staged, fields.labels)
        sectionRows[key.section] += 1
        staged += 1
        if firstDocuments != nil {
            firstDocuments?.append(document)
            let total = sectionRows.reduce(0, +)
            if let sample = firstDocuments, sample.count >= store.gramPolicy.sampleSize,
                total >= store.gramPolicy.minimumContacts
            {
                // Chosen now from the first contacts, then kept in step as the rest come:
                // no second pass over all of them at the end.
                try store.rebuildGrams(sample: sample, contacts: total)
                firstDocuments = nil
                choseGrams = true
            }
        }
    }

    /// Builds the order index (if it was dropped) and sections, hands `prepare` the
    /// list as it will be once committed, and commits. Returns that list.
    func commit(prepare: (ListState) throws -> Void = { _ in }) throws -> ListState {
        precondition(!finished, "an import commits once")
        let database = store.database
        try database.execute(
            """
            INSERT INTO contact_order (sort_key, id, lines) SELECT sort_key, id, lines FROM temp.import_order ORDER BY sort_key, id;
            DELETE FROM temp.import_order;
            """)
        try store.mergeOnce(optimize: staged >= 100_000)
        // The frequent patterns' bits: written; or chosen from the first contacts of an
        // import that came to fewer than a sample; or chosen again for a list that doubled.
        let total = sectionRows.reduce(0, +)
        if let sample = firstDocuments, total >= store.gramPolicy.minimumContacts {
            try store.rebuildGrams(sample: sample, contacts: total)
        } else if choseGrams || firstDocuments != nil {
            try store.gramBits.flush()
            try database.execute("UPDATE roster_meta SET value = \(total) WHERE key = 'grams_contacts'")
        } else {
            try store.rebuildGramsIfGrown(contacts: total)
        }
        try database.execute(
            """
            UPDATE roster_meta SET value = \(firstID + staged) WHERE key = 'next_id';
            UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version';
            """)
        try store.writeSections(rows: sectionRows)
        let state = try store.listState()
        try store.saveOrder(state)
        try prepare(state)
        try database.commit()
        try? database.execute("PRAGMA cache_size = -2000")
        finished = true
        return state
    }

    /// Abandons the import: nothing of it is kept.
    func rollback() {
        guard !finished else { return }
        finished = true
        try? store.database.rollback()
        try? store.database.execute("PRAGMA cache_size = -2000")
    }
}
