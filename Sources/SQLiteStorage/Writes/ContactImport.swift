import Contacts
import Foundation

/// One import into a store, seen by readers all at once or not at all, that
/// single writes never wait for (README, "POST /import"):
///
/// 1. As rows come, each contact waits, with its sort key and search text, in
///    `import_rows` of a staging file beside the list's (`ImportStaging`), in file
///    order. The list's file does not change: single writes go on as if no import
///    ran, and a process killed now leaves nothing of the import in it.
/// 2. Once the file is read, in short write transactions that single writes go
///    between (`WriteSlices`): ids are reserved for them all and listed in
///    `import_ranges`, so readers leave them out (`HiddenIDs`); the contacts go into
///    `contacts` and their texts into the search index, by id, then their places
///    into `contact_order`, in key order (one sequential pass).
/// 3. One short transaction shows them: a `merge`'s updates of stored contacts,
///    the sections, the data version, this import's range deleted; `prepare` gets
///    the list as it is then, and it commits.
///
/// If the process dies in step 2, nothing of it was visible, and the next Roster
/// to open the file removes what it moved (`ContactStore+Leftovers.swift`).
/// Memory does not grow with the file.
///
/// Belongs to the thread that made it (`ImportJob`'s writer, or a caller of `add`).
final class ContactImport {
    let store: ContactStore
    let slices: WriteSlices
    /// How the import meets the stored contacts.
    let mode: ImportMode
    /// This import's name in `import_ranges`.
    let token: Int
    /// Per section, the contacts this import adds there.
    var sectionRows: [Int]
    private var finished = false
    /// `merge`: match key -> a stored contact's id, or `-(seq + 1)` for a contact
    /// of this import (`ContactImport+Merge.swift`).
    var matches: [String: Int] = [:]
    /// `merge`: rows waiting in `staging.import_merges` for the stored contacts they match.
    var merges = 0
    /// Contacts added so far (the next one's place in file order, its `seq`).
    private(set) var staged = 0
    /// Stored contacts a `merge` changed, and those it matched and left as they were.
    var updated = 0
    var unchanged = 0
    /// The first id of the contacts, once reserved (step 2): contact `seq` gets `firstID + seq`.
    private(set) var firstID = 0
    /// Rows written to the staging file in its open transaction.
    private var unsaved = 0
    /// The staging file (`ImportStaging`), until it is deleted.
    private var staging: String

    /// Contacts moved a statement at a time in step 2: a single write that begins to
    /// wait gets in after the statement running (one of 1,024 took up to a few
    /// hundred ms here under load into a list of 1,000,000, its search texts merging
    /// as it went).
    static let chunk = 256

    /// A new import's token: random, positive, and not 0 (which `import_ranges` keeps for cleanups).
    static func newToken() -> Int { Int.random(in: 1...Int.max) }

    /// Prepares the import (a `merge` reads the stored contacts' match keys). It
    /// takes no lock: another writer may hold the list meanwhile.
    init(store: ContactStore, mode: ImportMode) throws {
        try store.watch?.check()
        self.store = store
        self.mode = mode
        slices = WriteSlices(database: store.database, longest: store.longestSlice)
        token = Self.newToken()
        sectionRows = Array(repeating: 0, count: SectionInfo.titles.count)
        let database = store.database
        // Sorting a large batch: give SQLite's sorter and cache 8 MiB (not more: an
        // import must not grow memory with the file).
        try database.execute("PRAGMA cache_size = -8192")
        staging = ImportStaging.path(of: database.path, token: token)
        try ImportStaging.attach(to: database, token: token)
        ImportTokens.begin(token)
        if mode == .merge {
            do {
                matches = try Self.matchKeys(in: store)
            } catch {
                rollback()
                throw error
            }
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
        let database = store.database
        // Only the staging file is written: its transaction locks nothing of the list's.
        if unsaved == 0 { try database.begin(.read) }
        if mode == .merge, let match = match(fields) {
            try merge(fields, into: match)
        } else {
            if mode == .merge { remember(fields, id: -(staged + 1)) }
            try stage(seq: staged, key: key, fields: fields, document: document)
            sectionRows[key.section] += 1
            staged += 1
        }
        unsaved += 1
        if unsaved >= 4096 { try saveStaged() }
    }

    /// Ends the staging file's open transaction.
    private func saveStaged() throws {
        guard unsaved > 0 else { return }
        unsaved = 0
        try store.database.commit()
    }

    /// Writes contact `seq` (of this import, in file order) where it waits.
    func stage(seq: Int, key: ContactSortKey, fields: ContactFields, document: String) throws {
        try store.database.run(Self.stageSQL) { statement in
            statement.bind(seq, to: ":seq")
            statement.bind(blob: key.bytes, to: ":sort_key")
            statement.bind(NoteLines.count(fields.notes), to: ":lines")
            statement.bind(document, to: ":document")
            statement.bind(fields)
        }
    }

    static let stageSQL =
        "INSERT OR REPLACE INTO staging.import_rows (seq, sort_key, lines, document, \(ContactField.columnList)) "
        + "VALUES (:seq, :sort_key, :lines, :document, \(ContactField.parameterList))"

    // MARK: - The end

    /// Moves the contacts into the list and shows them (steps 2 and 3 above): hands
    /// `prepare` the list as it will be once committed, and commits. Returns that list.
    func commit(prepare: (ListState) throws -> Void = { _ in }) throws -> ListState {
        precondition(!finished, "an import commits once")
        do {
            try reserveIDs()
            try moveContacts()
            try moveOrder()
            let state = try show(prepare: prepare)
            finished = true
            ImportTokens.end(token)
            forgetStaged()
            return state
        } catch {
            rollback()
            throw error
        }
    }

    /// Ids for every contact of the import, listed as hidden, in a slice of their own.
    func reserveIDs() throws {
        try store.watch?.check()
        try saveStaged()
        guard staged > 0 else { return }
        let database = store.database
        try slices.open()
        // The index merges its segments at each commit, in steps as large as what the
        // commit wrote: 16 to a level before they merge, not 4, during the import (a
        // third of the index's time here, for searches a fifth slower on what it
        // leaves; the usual again when it is shown).
        try store.mergeLess()
        firstID = try store.nextID()
        try database.execute(
            """
            UPDATE roster_meta SET value = \(firstID + staged) WHERE key = 'next_id';
            INSERT INTO import_ranges (first_id, last_id, owner, pid)
            VALUES (\(firstID), \(firstID + staged - 1), \(token), \(ProcessInfo.processInfo.processIdentifier));
            """)
        try slices.commit()
    }

    /// The contacts into `contacts` and their texts into the search index, in id
    /// order, `chunk` at a time: each contact and its text in the same slice.
    func moveContacts() throws {
        let columns = ContactField.columnList
        let contacts =
            "INSERT INTO contacts (id, \(columns)) SELECT :first_id + seq, \(columns) "
            + "FROM staging.import_rows WHERE seq BETWEEN :first AND :last"
        let texts =
            "INSERT INTO contact_search (rowid, text) SELECT :first_id + seq, document "
            + "FROM staging.import_rows WHERE seq BETWEEN :first AND :last"
        var first = 0
        while first < staged {
            let last = min(first + Self.chunk - 1, staged - 1)
            try slices.open()
            for sql in [contacts, texts] {
                try store.database.run(sql) { statement in
                    statement.bind(firstID, to: ":first_id")
                    statement.bind(first, to: ":first")
                    statement.bind(last, to: ":last")
                }
            }
            try slices.stepped(weight: 8)
            first = last + 1
        }
        try slices.commit()
    }

    /// The contacts' places into `contact_order` in key order, `chunk` at a time.
    func moveOrder() throws {
        guard staged > 0 else { return }
        let database = store.database
        // Outside any write of the list's: the index is the staging file's alone.
        try database.execute(
            "CREATE INDEX IF NOT EXISTS staging.import_rows_by_key ON import_rows (sort_key, seq)")
        let after = "(sort_key, seq) > (:after_key, :after_seq)"
        let lastOfNext =
            "SELECT sort_key, seq FROM staging.import_rows WHERE \(after) ORDER BY sort_key, seq LIMIT 1 OFFSET \(Self.chunk - 1)"
        let insert =
            "INSERT INTO contact_order (sort_key, id, lines) SELECT sort_key, :first_id + seq, lines "
            + "FROM staging.import_rows WHERE \(after) AND (sort_key, seq) <= (:last_key, :last_seq) "
            + "ORDER BY sort_key, seq"
        // Before every key: a key is its section's byte and more.
        var afterKey: [UInt8] = [0]
        var afterSeq = -1
        while true {
            let last = try database.withStatement(lastOfNext) { statement -> ([UInt8], Int)? in
                statement.bind(blob: afterKey, to: ":after_key")
                statement.bind(afterSeq, to: ":after_seq")
                return try statement.step() ? (statement.blob(at: 0), statement.int(at: 1)) : nil
            }
            // The last `chunk` or fewer: up to the greatest key there is.
            let (lastKey, lastSeq) = last ?? ([0xFF, 0xFF, 0xFF, 0xFF], Int.max)
            try slices.open()
            try database.run(insert) { statement in
                statement.bind(firstID, to: ":first_id")
                statement.bind(blob: afterKey, to: ":after_key")
                statement.bind(afterSeq, to: ":after_seq")
                statement.bind(blob: lastKey, to: ":last_key")
                statement.bind(lastSeq, to: ":last_seq")
            }
            try slices.stepped(weight: 8)
            guard last != nil else { break }
            (afterKey, afterSeq) = (lastKey, lastSeq)
        }
        try slices.commit()
    }

    /// The last slice: everything becomes visible at once. The list it shows is read
    /// before it, without the lock, and brought up to date with the single writes
    /// that went in since (`ChangeLog`), so the lock is held for O(log n) work per
    /// write and per contact a `merge` updates; when a write is not known (another
    /// process made it), the list is read again under the lock.
    private func show(prepare: (ListState) throws -> Void) throws -> ListState {
        let database = store.database
        let early = try listAsShown()
        try slices.open()
        let version = try store.dataVersion() + 1
        var rows = sectionRows
        var changes: [ListChange] = []
        if mode == .merge {
            changes = try applyMerges(revision: version, sectionRows: &rows)
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
        try store.restoreMerging()
        let state: ListState
        // A replaced list's writes since do not matter: all of it goes.
        let since =
            mode == .replace
            ? [] : ChangeLog.changes(for: database.path, after: early.version, upTo: version - 1)
        if let since {
            let brought = try early.applying(since + changes, keyOf: store.sortKey(of:))
            state = ListState(version: version, sections: brought.sections, order: brought.order)
            try store.writeSections(rows: state.sections.map(\.rows))
        } else {
            try store.writeSections(rows: rows)
            state = try store.listState()
        }
        try prepare(state)
        try slices.commit()
        return state
    }

    /// The list as showing this import will make it, as the file holds it now (in a
    /// read transaction of its own, without the lock): with this import's contacts,
    /// without those another import has not shown; without any other for `replace`.
    private func listAsShown() throws -> ListState {
        let database = store.database
        try database.begin(.read)
        defer { try? database.commit() }
        let version = try store.dataVersion()
        let hidden = try store.hiddenIDs()
        let (first, last) = (firstID, firstID + staged - 1)
        let replacing = mode == .replace
        let order = try store.readOrder { id in
            (first <= id && id <= last) || (!replacing && (hidden.isEmpty || !hidden.contains(id)))
        }
        let stored = replacing ? sectionRows.map { _ in 0 } : try store.sections().map(\.rows)
        return ListState(
            version: version, sections: SectionInfo.all(rows: zip(stored, sectionRows).map(+)), order: order)
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

    /// Deletes the staging file (once the import is shown, or abandoned).
    private func forgetStaged() {
        guard !staging.isEmpty else { return }
        staging = ""
        ImportStaging.remove(from: store.database, token: token)
        try? store.database.execute("PRAGMA cache_size = -2000")
    }

    /// Abandons the import: nothing of it is shown, and what it moved into the list
    /// is left to a cleanup (`ContactStore.collectImportLeftovers`).
    func rollback() {
        guard !finished else { return }
        finished = true
        if unsaved > 0 {
            unsaved = 0
            try? store.database.rollback()
        }
        slices.rollback()
        ImportTokens.end(token)
        forgetStaged()
    }
}
