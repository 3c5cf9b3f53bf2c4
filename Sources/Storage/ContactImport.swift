/// One import into a store, as one transaction: contacts are appended as they
/// come (new ids, in file order), then the list order is rebuilt by sorting only
/// (sort key, id) pairs, sections are written, and everything commits together.
/// Until `commit()` readers see the list as it was; if the process dies first,
/// SQLite rolls everything back. Memory does not grow with the file.
///
/// Belongs to the thread that made it (`ImportJob`'s writer, or a caller of `add`).
final class ContactImport {
    private let store: ContactStore
    private let insert: Statement
    private let firstID: Int
    private var sectionRows: [Int]
    private var finished = false
    /// Contacts added so far.
    private(set) var staged = 0

    /// Begins the transaction (waiting up to the busy timeout for another writer).
    init(store: ContactStore, mode: ImportMode) throws {
        self.store = store
        let database = store.database
        try database.execute("BEGIN IMMEDIATE")
        do {
            // Sorting a large batch: give SQLite's sorter and cache 16 MiB (not more: an
            // import must not grow memory with the file).
            try database.execute("PRAGMA cache_size = -16384")
            if mode == .replace {
                try database.execute("DELETE FROM contacts; DELETE FROM positions;")
                sectionRows = Array(repeating: 0, count: SectionInfo.titles.count)
            } else {
                sectionRows = try store.sections().map(\.rows)
            }
            firstID = try store.nextID()
            insert = try database.statement(ContactField.insertSQL(idParameter: 1))
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    deinit { rollback() }

    /// Adds one contact read from `line`.
    /// - Throws: `StorageError.invalidContact` for a contact with neither first nor last name.
    func add(_ fields: ContactFields, line: Int) throws {
        try add(fields, key: fields.sortKey, line: line)
    }

    /// Adds one contact whose sort key is computed already.
    func add(_ fields: ContactFields, key: ContactSortKey, line: Int) throws {
        guard !key.isNameless else {
            throw StorageError.invalidContact(index: line, problem: "needs a first or a last name")
        }
        insert.bind(firstID + staged, at: 1)
        insert.bind(blob: key.bytes, at: 2)
        insert.bind(fields, from: 3)
        try insert.run()
        sectionRows[key.section] += 1
        staged += 1
    }

    /// Rebuilds list order and sections, and commits. Returns the contacts in the list.
    func commit() throws -> Int {
        guard !finished else { return try store.count() }
        let database = store.database
        try database.execute(
            """
            DELETE FROM positions;
            INSERT INTO positions (position, contact_id)
                SELECT row_number() OVER (ORDER BY sort_key, id) - 1, id FROM contacts;
            UPDATE roster_meta SET value = \(firstID + staged) WHERE key = 'next_id';
            UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version';
            """)
        try store.writeSections(rows: sectionRows)
        try database.execute("COMMIT")
        try? database.execute("PRAGMA cache_size = -2000")
        finished = true
        return sectionRows.reduce(0, +)
    }

    /// Abandons the import: nothing of it is kept.
    func rollback() {
        guard !finished else { return }
        finished = true
        try? store.database.execute("ROLLBACK")
        try? store.database.execute("PRAGMA cache_size = -2000")
    }
}
