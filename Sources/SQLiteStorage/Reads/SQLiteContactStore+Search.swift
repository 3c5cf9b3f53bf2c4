import CSQLite
import Contacts
import Phones

extension SQLiteContactStore {
    /// Adds contact `id`'s text to the search index (`:id` the id, `:text` the text).
    static let searchInsertSQL = "INSERT INTO contact_search (rowid, text) VALUES (:id, :text)"

    /// Indexes contact `id` with `fields`.
    func index(id: Int, fields: ContactFields) throws {
        try index(id: id, document: SearchText.document(fields, region: phoneRegion))
    }

    /// Indexes contact `id` with its search text made already (`SearchText.document`),
    /// in the index and the frequent patterns' bits.
    func index(id: Int, document: String) throws {
        var document = document
        try document.withUTF8 { try index(id: id, document: UnsafeRawBufferPointer($0)) }
    }

    /// Indexes contact `id` with its search text's UTF-8 bytes (read from a row, not
    /// copied), in the index and the frequent patterns' bits.
    func index(id: Int, document: UnsafeRawBufferPointer) throws {
        try database.run(Self.searchInsertSQL) { statement in
            statement.bind(id, to: ":id")
            if let base = document.baseAddress {
                statement.bindUncopied(base, count: Int32(document.count), to: statement.parameter(":text"))
            } else {
                statement.bind("", to: ":text")
            }
        }
        try gramBits.add(id: id, document: document)
    }

    /// Takes contact `id`, indexed with `fields`, out of the search index (a
    /// contentless table forgets a row by its text) and the patterns' bits.
    func unindex(id: Int, fields: ContactFields) throws {
        try unindex(id: id, document: SearchText.document(fields, region: phoneRegion))
    }

    /// Takes contact `id` out of the search index and the patterns' bits by the text
    /// it was indexed with.
    func unindex(id: Int, document: String) throws {
        try forget(id: id, document: document)
        try gramBits.remove(id: id, document: document)
    }

    /// Indexes contact `id` anew: it was indexed with `old` and now holds `new`.
    func reindex(id: Int, from old: ContactFields, to new: ContactFields) throws {
        let (before, after) = (
            SearchText.document(old, region: phoneRegion), SearchText.document(new, region: phoneRegion)
        )
        try forget(id: id, document: before)
        try database.run(Self.searchInsertSQL) { statement in
            statement.bind(id, to: ":id")
            statement.bind(after, to: ":text")
        }
        try gramBits.change(id: id, from: before, to: after)
    }

    /// Deletes contact `id`'s `document` from the index.
    private func forget(id: Int, document: String) throws {
        try database.run(
            "INSERT INTO contact_search (contact_search, rowid, text) VALUES ('delete', :id, :text)"
        ) { statement in
            statement.bind(id, to: ":id")
            statement.bind(document, to: ":text")
        }
    }

    /// The contacts every word of `words` finds (folded words, as `SearchText.words`
    /// gives them), of those whose ids are in `ids` (all when nil).
    /// - Complexity: the index's doclists of the words' trigrams (within `ids`), not the table.
    public func matches(_ words: [String], ids: ClosedRange<Int>? = nil) throws -> ContactIDSet {
        let ids = try ids ?? 0...largestID()
        guard let match = SearchText.match(words) else { return ContactIDSet() }
        return try database.ids(
            """
            SELECT \(SQLiteDatabase.idFunction)(rowid) FROM contact_search
            WHERE contact_search MATCH :match AND rowid BETWEEN :first AND :last
            """, largest: ids.upperBound
        ) { statement in
            statement.bind(match, to: ":match")
            statement.bind(ids.lowerBound, to: ":first")
            statement.bind(ids.upperBound, to: ":last")
        }
    }

    /// The largest contact id in use (0 for none): where a search's range of ids ends.
    /// - Complexity: O(log n).
    public func largestID() throws -> Int {
        try database.integer("SELECT coalesce(max(id), 0) FROM contacts") ?? 0
    }

    /// Makes the index keep its segments as they are written (no merging) until
    /// `mergeOnce()`: for writing many rows in one transaction.
    func holdMerges() throws {
        try database.execute(
            """
            INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 0);
            INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', 1000000);
            """)
    }

    /// Merges the index's segments into one (when `optimize`: after many rows) and
    /// leaves later merging to `mergeSearchStep(pages:)` (`deferSearchMerges()`).
    func mergeOnce(optimize: Bool = true) throws {
        if optimize {
            try database.execute("INSERT INTO contact_search (contact_search) VALUES ('optimize')")
        }
        try deferSearchMerges()
    }

    /// Makes commits write their segments of the search index without merging any,
    /// so no single write pays for a merge: `mergeSearchStep(pages:)` merges them
    /// later, a few pages a transaction, while no write waits.
    ///
    /// FTS5's own merging runs inside some unlucky commit. Its step merges (4
    /// segments a level, 64 pages per 64 pages written) took 30-470 ms each once
    /// they reached the level of a seeded list's one large segment, and its crisis
    /// merge (a whole level, when it holds 16) took 12-17 s in the 240th single
    /// write after a seed of 1,000,000 contacts: its trigrams' long lists of ids
    /// are rewritten whole. The setting is kept in the database, so every
    /// connection (another process's too) writes without merging.
    public func deferSearchMerges() throws {
        try database.execute(
            """
            INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 0);
            INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', \(Self.crisisSegments));
            """)
    }

    /// Merges the index's segments, a bounded step (about 64 pages) a slice, so that
    /// single writes go in between, while any level holds several (FTS5's `merge`,
    /// which respects the levels: its steps between writes do not pile levels up as
    /// `optimize`'s would). FTS5 tells a step that found nothing to merge by the
    /// changes it made: fewer than 2.
    /// After an import: its search texts' segments merged (`mergeSegments(in:)`) in
    /// short transactions that single writes go between.
    public func mergeSearchSegments() throws {
        let slices = writeSlices()
        defer { slices.rollback() }
        try mergeSegments(in: slices)
    }

    /// Then the usual merging again (`restoreMerging()`), with no level left that a
    /// single write's commit would merge at once.
    func mergeSegments(in slices: WriteSlices) throws {
        while true {
            try slices.open()
            let before = sqlite3_total_changes64(database.handle)
            try database.execute("INSERT INTO contact_search (contact_search, rank) VALUES ('merge', 64)")
            let merged = sqlite3_total_changes64(database.handle) - before >= 2
            try slices.stepped(weight: 8)
            if !merged { break }
        }
        try slices.open()
        try restoreMerging()
        try slices.commit()
    }

    /// The index's resting settings again (commits merge nothing,
    /// `deferSearchMerges()`; `holdMerges()` changes them during a seed, and a seed
    /// killed half-way leaves them so), without a merge now.
    func restoreMerging() throws {
        try mergeOnce(optimize: false)
    }

    /// A level of the search index merged whole at once when it holds this many
    /// segments: never, while `mergeSearchStep(pages:)` keeps up, which it cannot
    /// while writes come with no pause (an import beside single writes: a segment
    /// each commit). FTS5 keeps at most 2,000 segments and refuses the next with
    /// SQLITE_FULL (`ContactsError.storageFull`, a full disk), crisis merges
    /// included; it caps this setting at 1,999, where a merge's output on another
    /// level already makes 2,000. Half that leaves the other levels room.
    static let crisisSegments = 1_000

    /// How many segments the search index holds: the second number of FTS5's
    /// structure record (after its 4-byte cookie, varints of levels then segments).
    func searchSegments() throws -> Int {
        try searchRecordNumbers(id: 10, after: 4, count: 2).dropFirst().first ?? 0
    }

    /// How many documents the search index holds: the first number of FTS5's averages
    /// record.
    func searchDocuments() throws -> Int {
        try searchRecordNumbers(id: 1, after: 0, count: 1).first ?? 0
    }

    /// The first `count` numbers of the FTS5 record `id` of `contact_search_data`, from byte
    /// `after` on: varints of 7 bits a byte, the high bit saying another byte follows. Fewer
    /// when the record ends first; none without it.
    private func searchRecordNumbers(id: Int, after: Int, count: Int) throws -> [Int] {
        try database.withStatement("SELECT block FROM contact_search_data WHERE id = \(id)") { statement in
            guard try statement.step() else { return [] }
            return try statement.withBlob(at: 0) { record in
                var offset = after
                var numbers: [Int] = []
                while numbers.count < count, offset < record.count {
                    var number = 0
                    while offset < record.count {
                        let byte = Int(record[offset])
                        offset += 1
                        number = number << 7 | byte & 0x7F
                        if byte < 0x80 { break }
                    }
                    numbers.append(number)
                }
                return numbers
            }
        }
    }

    /// Merges segments of the search index in one short transaction, writing about
    /// `pages` pages (FTS5's `merge`: a level merges once it holds 4 segments, its
    /// merge carried on across calls). Returns false when nothing was left to
    /// merge (FTS5 changes fewer than 2 rows then).
    /// - Complexity: about `pages` pages written, a few milliseconds; a page that
    ///   ends a long list of ids (a frequent trigram's) reads more: up to 90 ms
    ///   measured at 1,000,000 contacts.
    public func mergeSearchStep(pages: Int = 8) throws -> Bool {
        try database.transaction(.write) {
            let before = sqlite3_total_changes64(database.handle)
            try database.execute(
                "INSERT INTO contact_search (contact_search, rank) VALUES ('merge', \(max(1, pages)))")
            return sqlite3_total_changes64(database.handle) - before >= 2
        }
    }

    /// Builds the search index of a list migrated with contacts in it, once (one
    /// transaction; `progress` gets the count done every 100,000).
    ///
    /// It is built again when its phones were read in another region than `region`
    /// (or before phones had E.164 forms in it: no region recorded), since each
    /// contact's text must be the one it would be made now for the index to forget
    /// it; this connection then writes with `region`.
    public func buildSearchIndexIfNeeded(region: PhoneRegion, progress: ((Int) -> Void)? = nil) throws {
        let built = try database.integer("SELECT value FROM roster_meta WHERE key = 'search_built'") != 0
        guard try !built || indexedRegion() != region else {
            phoneRegion = region
            return
        }
        phoneRegion = region
        try database.transaction {
            try database.execute("INSERT INTO contact_search (contact_search) VALUES ('delete-all')")
            try gramBits.begin()
            try gramBits.clear()
            try database.withStatement("SELECT id, \(ContactField.columnList) FROM contacts") { all in
                var done = 0
                while try all.step() {
                    try index(id: all.int(at: 0), fields: all.fields(from: 1))
                    done += 1
                    if done % 100_000 == 0 { progress?(done) }
                }
            }
            try gramBits.flush()
            try database.execute("UPDATE roster_meta SET value = 1 WHERE key = 'search_built'")
            try recordIndexedRegion()
        }
    }
}
