import Contacts
import Foundation
import Phones

/// One import into a store, seen by readers all at once or not at all, that single writes never
/// wait for (docs/import-export.md, "Writes beside an import"). It writes in short transactions
/// (`WriteSlices`) that end as soon as a single write waits:
///
/// 1. As rows come: ids are reserved from `next_id` and listed in `import_ranges`,
///    so readers leave them out (`HiddenIDs`); each contact waits, with its sort key
///    and search text, in the import's staging file (`ImportStaging`), and its text
///    goes into the search index once its staging row is committed (a slice later:
///    so that a cleanup after a kill can always take the text out again with the
///    staging row). `contacts` and the order do not change: a process killed now
///    leaves nothing in them.
/// 2. Once the file is read: the last texts; the contacts into `contacts` by id, with
///    their rows of `contact_labels`; the file's repeats of its own contacts merged into them (`merge`); their places
///    into `contact_order` in key order (one sequential pass).
/// 3. One short transaction shows them: a `merge`'s updates of stored contacts, the
///    sections, the data version, this import's ranges deleted; `prepare` gets the
///    list as it is then (read before the transaction and brought up to date), and
///    it commits.
///
/// If the process dies first, nothing of it was visible, and the next Roster to
/// open the file removes what it wrote (`SQLiteContactStore+Leftovers.swift`). Memory does
/// not grow with the file.
///
/// Belongs to the thread that made it (`ImportJob`'s writer, or a caller of `add`).
final class SQLiteImport {
    let store: SQLiteContactStore
    let slices: WriteSlices
    /// How the import meets the stored contacts.
    let mode: ImportMode
    /// This import's name in `import_ranges` and its staging file's.
    let token: Int
    /// Per section, the contacts this import adds there.
    var sectionRows: [Int]
    private var finished = false
    /// `merge`: the contacts rows are matched to (`SQLiteImport+Merge.swift`).
    lazy var matches = MatchKeys(region: store.phoneRegion)
    /// `merge`: rows waiting in `staging.import_merges` for the contacts they match.
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
    /// The last id staged, the last whose staging row is committed, and the last
    /// whose text is in the index.
    private(set) var lastStaged = 0
    private var lastSaved = 0
    private var lastIndexed = 0
    /// The last id marked indexed in `import_ranges` in a committed or open slice.
    private var markedIndexed = 0
    /// The staging file (`ImportStaging`), until it is deleted.
    private var staging: String

    /// Ids reserved at a time.
    static let idBlock = 1024
    /// Contacts a statement moves: a single write that begins to wait gets in after
    /// the statement running (one of 1,024 took up to a few hundred ms here under
    /// load into a list of 1,000,000, its search texts merging as it went).
    static let chunk = 256
    /// Search texts indexed in a step while rows are read, one step a row: enough to
    /// keep up with the rows, few enough that a single write waiting for the step is
    /// not held (256 a step held writes 30 to 60 ms here under load, the texts and
    /// their patterns' bits; each commit, one segment of the index, a few more).
    static let textsAStep = 32

    /// A new import's token: random, positive, and not 0 (which `import_ranges` keeps for cleanups).
    static func newToken() -> Int { Int.random(in: 1...Int.max) }

    /// Prepares the import (a `merge` reads the stored contacts' match keys). It
    /// takes no lock until its first row.
    init(store: SQLiteContactStore, mode: ImportMode) throws {
        try store.watch?.check()
        self.store = store
        self.mode = mode
        slices = store.writeSlices()
        token = Self.newToken()
        sectionRows = Array(repeating: 0, count: store.locale.titles.count)
        let database = store.database
        // Sorting a large batch: give SQLite's sorter and cache 8 MiB (not more: an
        // import must not grow memory with the file).
        try database.execute("PRAGMA cache_size = -8192")
        staging = ImportStaging.path(of: database.path, token: token)
        // Running before its staging file exists: a cleanup that lists the folder
        // meanwhile deletes only the files of imports that do not run.
        ImportTokens.begin(token)
        try ImportStaging.attach(to: database, token: token)
        if mode == .merge {
            do {
                matches = try Self.matchKeys(in: store)
            } catch {
                rollback()
                throw error
            }
        }
        slices.willCommit = { [unowned self] in try self.markIndexed() }
    }

    deinit { rollback() }

    /// Adds one contact read from `line`.
    /// - Throws: `ContactsError.invalidContact` for a contact with neither first nor last name.
    func add(_ fields: ContactFields, line: Int) throws {
        try add(
            fields, key: fields.sortKey(in: store.locale),
            document: SearchText.document(fields, region: store.phoneRegion), line: line)
    }

    /// Adds one contact whose sort key and search text are made already.
    func add(_ fields: ContactFields, key: ContactSortKey, document: String, line: Int) throws {
        guard !fields.isNameless else {
            throw ContactsError.invalidContact(index: line, problem: "needs a name, a company or an e-mail")
        }
        try slices.open()
        if mode == .merge, let id = matches.match(fields) {
            try keep(fields, for: id)
        } else {
            let id = try reserveID()
            if mode == .merge { matches.remember(fields, id: id) }
            try store.database.run(Self.stageSQL) { statement in
                statement.bind(id, to: ":id")
                statement.bind(blob: key.bytes, to: ":sort_key")
                statement.bind(NoteLines.count(fields.notes), to: ":lines")
                statement.bind(document, to: ":document")
                statement.bind(fields)
            }
            sectionRows[key.section] += 1
            staged += 1
            lastStaged = id
        }
        if lastSaved - lastIndexed >= Self.textsAStep { try indexSaved(upTo: lastIndexed + Self.textsAStep) }
        let commits = slices.committed
        try slices.stepped()
        if slices.committed > commits { try sliceCommitted() }
    }

    /// The file's next rows are not read yet: the open slice ends, so that no single
    /// write waits for a thread that waits for rows.
    func waitsForRows() throws {
        let commits = slices.committed
        try slices.commit()
        if slices.committed > commits { try sliceCommitted() }
    }

    /// Once a slice is committed: its staging rows are saved, and the search index,
    /// which gained a segment, merges a step when it holds many, in a slice of its own.
    ///
    /// Beside a stream of single writes every slice is short and every commit, the
    /// writes' too, adds a segment, with no pause for the writer's upkeep: left to
    /// FTS5, level 0 would grow to its crisis merge (`ContactStore.crisisSegments`),
    /// which merges the import's texts of a thousand slices inside one commit
    /// (100-360 ms here, long enough for a waiting single write to give up busy).
    /// A step writes about 64 pages, a few milliseconds.
    private func sliceCommitted() throws {
        lastSaved = lastStaged
        guard try store.searchSegments() >= Self.mergeSegments else { return }
        try slices.open()
        try store.database.execute("INSERT INTO contact_search (contact_search, rank) VALUES ('merge', 64)")
        try slices.commit()
    }

    /// Segments of the search index from which each slice is followed by a merge step.
    static let mergeSegments = 64

    static let stageSQL =
        "INSERT INTO staging.import_rows (id, sort_key, lines, document, \(ContactField.columnList)) "
        + "VALUES (:id, :sort_key, :lines, :document, \(ContactField.parameterList))"

    /// The next id of this import, reserving a block of them (and listing it as
    /// hidden) when the last one is used up. Inside a slice.
    private func reserveID() throws -> Int {
        if nextID == blockEnd {
            let database = store.database
            // Commits that merge nothing, whoever opened the file before (see `indexSaved`).
            if ranges.isEmpty { try store.deferSearchMerges() }
            let first = try store.nextID()
            let last = first + Self.idBlock - 1
            try database.execute("UPDATE roster_meta SET value = \(last + 1) WHERE key = 'next_id'")
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
            blockEnd = last + 1
        }
        defer { nextID += 1 }
        return nextID
    }

    /// Whether `id` is one this import added.
    func isOwn(_ id: Int) -> Bool {
        guard id <= lastStaged else { return false }
        return HiddenIDs(ranges: ranges).contains(id)
    }

    /// The search texts of the staged contacts after `lastIndexed` up to `last`, whose
    /// staging rows are committed, into the index, with their patterns' bits. Inside a
    /// slice, which marks them indexed as it commits (`markIndexed()`).
    ///
    /// One text a statement, and no statement that writes many rows in the slice:
    /// FTS5 writes the texts it holds in memory to a segment of their own at every
    /// statement savepoint, which such a statement opens (a 32-text step took 60% of
    /// an import's time so, 31,000 segments for 1,000,000 contacts merged again and
    /// again); single-row statements leave them to the slice's commit, or to every
    /// megabyte of them. The index has its resting settings meanwhile (commits
    /// merge nothing): a commit's merge work is what a single write waiting for the
    /// slice would wait for (up to 17 ms a commit merging 64 segments to a level),
    /// and the writer's upkeep merges the segments once the import is shown.
    private func indexSaved(upTo last: Int) throws {
        let upTo = min(last, lastSaved)
        guard upTo > lastIndexed else { return }
        let database = store.database
        try database.withStatement(
            "SELECT id, document FROM staging.import_rows WHERE id > :after AND id <= :last"
        ) { statement in
            statement.bind(lastIndexed, to: ":after")
            statement.bind(upTo, to: ":last")
            while try statement.step() {
                let id = statement.int(at: 0)
                try statement.withBlob(at: 1) { document in
                    try store.index(id: id, document: document)
                }
            }
        }
        lastIndexed = upTo
    }

    /// The ranges' texts indexed so far marked in `import_ranges` (a cleanup takes
    /// those out of the index), in the slice that indexed them, as it commits.
    private func markIndexed() throws {
        guard lastIndexed > markedIndexed else { return }
        try store.database.execute(
            """
            UPDATE import_ranges SET indexed = min(last_id, \(lastIndexed)) WHERE owner = \(token) AND first_id <= \(lastIndexed)
            """)
        markedIndexed = lastIndexed
    }

    // MARK: - The end

    /// Moves the contacts into the list and shows them (steps 2 and 3 above): hands
    /// `prepare` the list as it will be once committed, and commits. Returns that list.
    func commit(prepare: (ListState) throws -> Void = { _ in }) throws -> ListState {
        precondition(!finished, "an import commits once")
        do {
            try store.watch?.check()
            try slices.commit()
            lastSaved = lastStaged
            while lastIndexed < lastSaved {
                try slices.open()
                try indexSaved(upTo: lastIndexed + Self.chunk)
                try slices.stepped(weight: 8)
            }
            try moveContacts()
            try mergeOwn()
            try moveOrder()
            let state = try show(prepare: prepare)
            finished = true
            ImportTokens.end(token)
            forgetStaged()
            // Shown already: what fails after (a full disk) leaves the list as shown.
            do { try afterShowing(state) } catch { slices.rollback() }
            return state
        } catch {
            rollback()
            throw error
        }
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
        // The ids made visible now, for bulk actions of an earlier version (`id_marks`).
        for range in ranges {
            try database.execute(
                "INSERT OR IGNORE INTO id_marks (version, first_id, last_id) VALUES (\(version), \(range.lowerBound), \(range.upperBound))"
            )
        }
        // The index's usual merging comes back once its segments are merged a step at
        // a time (`mergeSearchSegments`): restored now, the next single write would
        // merge the dozens of segments a level holds after an import at once (4.5 s
        // after 200,000 contacts into 1,000,000 here, under load).
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

    /// Once shown, in a transaction of its own (a single write goes first): the order
    /// saved for the next start, unless a write came first; when it fails, the order
    /// table serves. The patterns kept as bitmaps are not chosen again here for a list
    /// that has doubled (one pass over every contact, which writes would wait for):
    /// their bits are in step, and the next start chooses (`buildGramsIfNeeded`).
    private func afterShowing(_ state: ListState) throws {
        try slices.open()
        try store.saveOrder(state)
        try slices.commit()
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
        let own = HiddenIDs(ranges: ranges)
        let replacing = mode == .replace
        let order = try store.readOrder { id in
            own.contains(id) || (!replacing && (hidden.isEmpty || !hidden.contains(id)))
        }
        let stored = replacing ? sectionRows.map { _ in 0 } : try store.sections().map(\.rows)
        return ListState(
            version: version,
            sections: SectionInfo.all(rows: zip(stored, sectionRows).map(+), in: store.locale),
            order: order)
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

    /// Abandons the import: nothing of it is shown, and what it wrote is left to a
    /// cleanup (`SQLiteContactStore.collectImportLeftovers`), which needs its staging file.
    func rollback() {
        guard !finished else { return }
        finished = true
        slices.rollback()
        ImportTokens.end(token)
        if !staging.isEmpty {
            staging = ""
            try? store.database.execute("DETACH DATABASE staging; PRAGMA cache_size = -2000")
        }
    }
}
