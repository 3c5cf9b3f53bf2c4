import Contacts
import Foundation

/// One import into a store, seen by readers all at once or not at all, that
/// single writes never wait for (README, "POST /import"). It writes in short
/// transactions (`WriteSlices`) that end as soon as a single write waits:
///
/// 1. As rows come: ids are reserved from `next_id` and listed in
///    `import_ranges`, so readers leave them out (`HiddenIDs`); each contact's
///    search text goes into the index and into this import's table of texts
///    (`import_search_<token>`, from which a cleanup can take them out of the index
///    again); the contact waits in this connection's temporary `import_rows`.
///    `contacts` and the order do not change, and no state of the list moves.
/// 2. Once the file is read: the contacts go into `contacts` by id, then their
///    places into `contact_order` in key order (one sequential pass).
/// 3. One short transaction shows them: a `merge`'s updates of stored contacts,
///    the sections, the data version, this import's ranges deleted; `prepare` gets
///    the list as it is then, and it commits.
///
/// If the process dies before step 3 commits, nothing of the import was visible,
/// and the next Roster to open the file removes what it wrote
/// (`ContactStore+Leftovers.swift`). Memory does not grow with the file.
///
/// Belongs to the thread that made it (`ImportJob`'s writer, or a caller of `add`).
final class ContactImport {
    let store: ContactStore
    let slices: WriteSlices
    /// How the import meets the stored contacts.
    let mode: ImportMode
    /// This import's name in `import_ranges` and in its table of texts.
    let token: Int
    /// The table of this import's search texts (`import_search_<pid>_<token>`).
    let texts: String
    /// Per section, the contacts this import adds there (less those a `merge` moves out).
    var sectionRows: [Int]
    private var finished = false
    /// `merge`: match key -> contact id (`ContactImport+Merge.swift`).
    var matches: [String: Int] = [:]
    /// `merge`: rows waiting in `temp.import_merges` for the stored contacts they match.
    var merges = 0
    /// Contacts added so far.
    private(set) var staged = 0
    /// Stored contacts a `merge` changed, and those it matched and left as they were.
    var updated = 0
    var unchanged = 0
    /// The ids this import reserved, in order (each also a row of `import_ranges`).
    private(set) var ranges: [ClosedRange<Int>] = []
    /// The next id to give, and the end of the block reserved (`idBlock` at a time).
    private var nextID = 0
    private var blockEnd = 0

    /// Ids reserved at a time.
    static let idBlock = 1024

    /// A new import's token: random, positive, and not 0 (which `import_ranges` keeps for cleanups).
    static func newToken() -> Int { Int.random(in: 1...Int.max) }

    /// The name of the table of texts of import `token` of this process.
    static func textsTable(token: Int) -> String {
        "\(textsPrefix)\(ProcessInfo.processInfo.processIdentifier)_\(token)"
    }

    /// What every import's table of texts is named after: `import_search_<pid>_<token>`.
    static let textsPrefix = "import_search_"

    /// Prepares the import and takes the write lock for its first slice (waiting up
    /// to the busy timeout for another writer).
    /// - Throws: `ContactsError.busy` when another writer holds the list past that.
    init(store: ContactStore, mode: ImportMode) throws {
        self.store = store
        self.mode = mode
        slices = WriteSlices(database: store.database)
        token = Self.newToken()
        texts = Self.textsTable(token: token)
        sectionRows = Array(repeating: 0, count: SectionInfo.titles.count)
        let database = store.database
        // Sorting a large batch: give SQLite's sorter and cache 8 MiB (not more: an
        // import must not grow memory with the file).
        try database.execute("PRAGMA cache_size = -8192")
        let columns = ContactField.columnList
        try database.execute(
            """
            CREATE TEMP TABLE IF NOT EXISTS import_rows (id INTEGER PRIMARY KEY, sort_key BLOB NOT NULL, lines INTEGER NOT NULL, \(columns));
            CREATE TEMP TABLE IF NOT EXISTS import_merges (id INTEGER NOT NULL, seq INTEGER NOT NULL, \(columns), PRIMARY KEY (id, seq)) WITHOUT ROWID;
            DROP INDEX IF EXISTS temp.import_rows_by_key;
            DELETE FROM temp.import_rows; DELETE FROM temp.import_merges;
            """)
        ImportTokens.begin(token)
        do {
            try slices.open()
            try database.execute("CREATE TABLE \(texts) (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
            if mode == .merge {
                matches = try Self.matchKeys(in: store)
            }
        } catch {
            rollback()
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
        try slices.open()
        if mode == .merge, let id = match(fields) {
            try merge(fields, into: id)
        } else {
            let id = try reserveID()
            if mode == .merge { remember(fields, id: id) }
            try stage(id: id, key: key, fields: fields, document: document)
            sectionRows[key.section] += 1
            staged += 1
        }
        try slices.stepped()
    }

    /// Writes contact `id` where it waits (the temporary table), its text into the
    /// index and into this import's table of texts.
    func stage(id: Int, key: ContactSortKey, fields: ContactFields, document: String) throws {
        let database = store.database
        try database.run(Self.stageSQL) { statement in
            statement.bind(id, to: ":id")
            statement.bind(blob: key.bytes, to: ":sort_key")
            statement.bind(NoteLines.count(fields.notes), to: ":lines")
            statement.bind(fields)
        }
        try store.index(id: id, document: document)
        try database.run("INSERT OR REPLACE INTO \(texts) (id, text) VALUES (:id, :text)") { statement in
            statement.bind(id, to: ":id")
            statement.bind(document, to: ":text")
        }
    }

    static let stageSQL =
        "INSERT OR REPLACE INTO temp.import_rows (id, sort_key, lines, \(ContactField.columnList)) "
        + "VALUES (:id, :sort_key, :lines, \(ContactField.parameterList))"

    /// The next id of this import, reserving a block of them (and listing it as
    /// hidden) when the last one is used up. Inside a slice.
    private func reserveID() throws -> Int {
        if nextID == blockEnd {
            let database = store.database
            let first = try store.nextID()
            try database.execute(
                "UPDATE roster_meta SET value = \(first + Self.idBlock) WHERE key = 'next_id'")
            let last = first + Self.idBlock - 1
            if let previous = ranges.last, previous.upperBound + 1 == first {
                try database.execute(
                    "UPDATE import_ranges SET last_id = \(last) WHERE first_id = \(previous.lowerBound)")
                ranges[ranges.count - 1] = previous.lowerBound...last
            } else {
                try database.execute(
                    """
                    INSERT INTO import_ranges (first_id, last_id, owner, pid)
                    VALUES (\(first), \(last), \(token), \(ProcessInfo.processInfo.processIdentifier))
                    """)
                ranges.append(first...last)
            }
            nextID = first
            blockEnd = first + Self.idBlock
        }
        defer { nextID += 1 }
        return nextID
    }

    /// Whether `id` is one this import added.
    func isOwn(_ id: Int) -> Bool {
        guard id < nextID else { return false }
        return HiddenIDs(ranges: ranges).contains(id)
    }

    // MARK: - The end

    /// Moves the contacts into the list and shows them (steps 2 and 3 above): hands
    /// `prepare` the list as it will be once committed, and commits. Returns that list.
    func commit(prepare: (ListState) throws -> Void = { _ in }) throws -> ListState {
        precondition(!finished, "an import commits once")
        do {
            try slices.commit()
            try moveContacts()
            try moveOrder()
            let state = try show(prepare: prepare)
            finished = true
            ImportTokens.end(token)
            return state
        } catch {
            rollback()
            throw error
        }
    }

    /// The contacts into `contacts`, in id order, a thousand at a time.
    func moveContacts() throws {
        let sql =
            "INSERT INTO contacts (id, \(ContactField.columnList)) SELECT id, \(ContactField.columnList) "
            + "FROM temp.import_rows WHERE id BETWEEN :first AND :last"
        for range in ranges {
            var first = range.lowerBound
            while first <= min(range.upperBound, nextID - 1) {
                let last = min(first + 1023, range.upperBound)
                try slices.open()
                try store.database.run(sql) { statement in
                    statement.bind(first, to: ":first")
                    statement.bind(last, to: ":last")
                }
                try slices.stepped(weight: 32)
                first = last + 1
            }
        }
        try slices.commit()
    }

    /// The contacts' places into `contact_order` in key order, a thousand at a time.
    func moveOrder() throws {
        let database = store.database
        // Outside any write: the index is the temporary table's alone.
        try database.execute(
            "CREATE INDEX IF NOT EXISTS temp.import_rows_by_key ON import_rows (sort_key, id)")
        let after = "(sort_key, id) > (:after_key, :after_id)"
        let lastOfNext =
            "SELECT sort_key, id FROM temp.import_rows WHERE \(after) ORDER BY sort_key, id LIMIT 1 OFFSET 1023"
        let insert =
            "INSERT INTO contact_order (sort_key, id, lines) SELECT sort_key, id, lines FROM temp.import_rows "
            + "WHERE \(after) AND (sort_key, id) <= (:last_key, :last_id) ORDER BY sort_key, id"
        // Before every key: a key is its section's byte and more.
        var afterKey: [UInt8] = [0]
        var afterID = 0
        while true {
            let last = try database.withStatement(lastOfNext) { statement -> ([UInt8], Int)? in
                statement.bind(blob: afterKey, to: ":after_key")
                statement.bind(afterID, to: ":after_id")
                return try statement.step() ? (statement.blob(at: 0), statement.int(at: 1)) : nil
            }
            // The last thousand or fewer: up to the greatest key there is.
            let (lastKey, lastID) = last ?? ([0xFF, 0xFF, 0xFF, 0xFF], Int.max)
            try slices.open()
            try database.run(insert) { statement in
                statement.bind(blob: afterKey, to: ":after_key")
                statement.bind(afterID, to: ":after_id")
                statement.bind(blob: lastKey, to: ":last_key")
                statement.bind(lastID, to: ":last_id")
            }
            try slices.stepped(weight: 32)
            guard last != nil else { break }
            (afterKey, afterID) = (lastKey, lastID)
        }
        try slices.commit()
    }

    /// The last slice: everything becomes visible at once.
    private func show(prepare: (ListState) throws -> Void) throws -> ListState {
        let database = store.database
        try slices.open()
        let version = try store.dataVersion() + 1
        var rows = sectionRows
        if mode == .merge {
            try applyMerges(revision: version, sectionRows: &rows)
        }
        // Ids reserved and not used go back, when no one took one since.
        if blockEnd > 0, try store.nextID() == blockEnd {
            try database.execute("UPDATE roster_meta SET value = \(nextID) WHERE key = 'next_id'")
        }
        if mode == .replace {
            try takeOutTheList(upTo: try store.nextID() - 1)
        } else {
            rows = zip(try store.sections().map(\.rows), rows).map(+)
        }
        try database.execute(
            """
            DELETE FROM import_ranges WHERE owner = \(token);
            UPDATE roster_meta SET value = \(version) WHERE key = 'data_version';
            """)
        try store.writeSections(rows: rows)
        let state = try store.listState()
        try prepare(state)
        try slices.commit()
        return state
    }

    /// `replace`: every contact up to `top` that is not in a range (this import's, or
    /// another's not shown yet) leaves the list at once, as ranges of owner 0 that
    /// a cleanup deletes later.
    private func takeOutTheList(upTo top: Int) throws {
        var first = 1
        for range in try store.hiddenIDs().ranges where first <= top {
            if range.lowerBound > first { try takeOut(first...(range.lowerBound - 1)) }
            first = max(first, range.upperBound + 1)
        }
        if first <= top { try takeOut(first...top) }
    }

    private func takeOut(_ ids: ClosedRange<Int>) throws {
        try store.database.execute(
            "INSERT INTO import_ranges (first_id, last_id, owner, pid) VALUES (\(ids.lowerBound), \(ids.upperBound), 0, 0)"
        )
    }

    /// Once the import is shown: drops the table of texts, which only a cleanup
    /// after a failure needed. (The search index merged its segments as they came,
    /// FTS5's automerge, in bounded steps at each commit: one merge of everything
    /// would hold single writes for seconds, and its steps, taken between them,
    /// add a level to the index each time.)
    func tidy() {
        guard finished else { return }
        try? slices.open()
        try? store.database.execute("DROP TABLE IF EXISTS \(texts)")
        try? slices.commit()
        try? store.database.execute(
            "DELETE FROM temp.import_rows; DELETE FROM temp.import_merges; PRAGMA cache_size = -2000")
    }

    /// Abandons the import: nothing of it is shown, and what it wrote is left to a
    /// cleanup (`ContactStore.collectImportLeftovers`).
    func rollback() {
        guard !finished else { return }
        finished = true
        slices.rollback()
        ImportTokens.end(token)
        try? store.database.execute(
            "DELETE FROM temp.import_rows; DELETE FROM temp.import_merges; PRAGMA cache_size = -2000")
    }
}
