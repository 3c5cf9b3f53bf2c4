/// One import into a store, as one transaction: rows are staged as they come
/// (in a temporary table, so memory does not grow with the file), then merged
/// into the list in order with positions and sections renumbered, and committed
/// together. Until `commit()` readers see the list as it was; if the process dies
/// first, SQLite rolls everything back.
///
/// New contacts get ids after every existing one, in list order, so equal names
/// keep the order they had in the file.
public final class ContactImport {
    /// Append to the list, or replace it.
    public enum Mode: Sendable {
        case append, replace
    }

    private let store: ContactStore
    private let mode: Mode
    private let insert: Statement
    private var finished = false
    /// Rows staged so far.
    public private(set) var staged = 0

    /// Begins the transaction (waiting up to the busy timeout for another writer).
    public init(store: ContactStore, mode: Mode) throws {
        self.store = store
        self.mode = mode
        let database = store.database
        try database.execute("BEGIN IMMEDIATE")
        // Sorting a large batch: give SQLite's sorter and cache 32 MiB (not more: an
        // import must not grow memory with the file).
        try? database.execute("PRAGMA cache_size = -32768")
        do {
            try database.execute(
                """
                CREATE TEMP TABLE IF NOT EXISTS staging (
                    line INTEGER, old_id INTEGER, sort_key BLOB, first_name TEXT, last_name TEXT, email TEXT,
                    phone TEXT, company TEXT, city TEXT, notes TEXT);
                DELETE FROM temp.staging;
                """)
            insert = try database.statement(
                "INSERT INTO temp.staging VALUES (?1, NULL, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    deinit { rollback() }

    /// Stages one contact read from `line`.
    /// - Throws: `StorageError.invalidContact` for a contact with neither first nor last name.
    public func add(_ fields: ContactFields, line: Int) throws {
        try add(fields, key: fields.sortKey, line: line)
    }

    /// Stages one contact whose sort key is computed already.
    public func add(_ fields: ContactFields, key: ContactSortKey, line: Int) throws {
        guard !key.isNameless else {
            throw StorageError.invalidContact(index: line, problem: "needs a first or a last name")
        }
        insert.bind(line, at: 1)
        insert.bind(blob: key.bytes, at: 2)
        store.bind(fields, to: insert, from: 3)
        try insert.run()
        staged += 1
    }

    /// Merges the staged contacts into the list and commits. Returns the contacts in the list.
    public func commit() throws -> Int {
        guard !finished else { return try store.count() }
        let database = store.database
        let next = try store.nextID()
        let columns = "first_name, last_name, email, phone, company, city, notes"
        if mode == .replace {
            try database.execute("DELETE FROM main.contacts")
        }
        let existing = try database.integer("SELECT count(*) FROM main.contacts") ?? 0
        if existing > 0 {
            // Existing contacts join the staged ones, keeping their ids.
            try database.execute(
                """
                INSERT INTO temp.staging (line, old_id, sort_key, \(columns))
                    SELECT 0, id, sort_key, \(columns) FROM main.contacts;
                DELETE FROM main.contacts;
                """)
        }
        // New ids follow list order among the new rows (ties: file order); then every
        // row takes its position in (sort key, id) order.
        if existing == 0 {
            // Only new rows: one sort gives both positions and ids.
            try database.execute(
                """
                INSERT INTO main.contacts (position, id, sort_key, \(columns))
                SELECT row_number() OVER w - 1, \(next) - 1 + row_number() OVER w, sort_key, \(columns)
                FROM temp.staging WINDOW w AS (ORDER BY sort_key, line);
                """)
        } else {
            try database.execute(
                """
                INSERT INTO main.contacts (position, id, sort_key, \(columns))
                SELECT row_number() OVER (ORDER BY sort_key, id) - 1, id, sort_key, \(columns)
                FROM (
                    SELECT coalesce(old_id, \(next) - 1 + row_number() OVER (PARTITION BY old_id IS NULL ORDER BY sort_key, line)) AS id,
                           sort_key, \(columns)
                    FROM temp.staging
                )
                ORDER BY sort_key, id;
                """)
        }
        try database.execute(
            """
            DELETE FROM temp.staging;
            UPDATE roster_meta SET value = \(next + staged) WHERE key = 'next_id';
            """)
        try store.recountSections()
        try database.execute("UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version'")
        try database.execute("COMMIT")
        finished = true
        return existing + staged
    }

    /// Abandons the import: nothing of it is kept.
    public func rollback() {
        guard !finished else { return }
        finished = true
        try? store.database.execute("ROLLBACK")
        try? store.database.execute("DELETE FROM temp.staging")
    }
}
