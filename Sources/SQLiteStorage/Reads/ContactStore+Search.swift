import Contacts
extension ContactStore {
    /// Adds contact `id`'s text to the search index (parameter 1 the id, 2 the text).
    static let searchInsertSQL = "INSERT INTO contact_search (rowid, text) VALUES (?1, ?2)"

    /// Indexes contact `id` with `fields`.
    func index(id: Int, fields: ContactFields) throws {
        try index(id: id, document: SearchText.document(fields))
    }

    /// Indexes contact `id` with its search text made already (`SearchText.document`).
    func index(id: Int, document: String) throws {
        let statement = try database.statement(Self.searchInsertSQL)
        statement.bind(id, at: 1)
        statement.bind(document, at: 2)
        try statement.run()
    }

    /// Takes contact `id`, indexed with `fields`, out of the search index (a
    /// contentless table forgets a row by its text).
    func unindex(id: Int, fields: ContactFields) throws {
        let statement = try database.statement(
            "INSERT INTO contact_search (contact_search, rowid, text) VALUES ('delete', ?1, ?2)")
        statement.bind(id, at: 1)
        statement.bind(SearchText.document(fields), at: 2)
        try statement.run()
    }

    /// The contacts every word of `words` finds (folded words, as `SearchText.words`
    /// gives them), of those whose ids are in `ids` (all when nil).
    /// - Complexity: the index's doclists of the words' trigrams (within `ids`), not the table.
    public func matches(_ words: [String], ids: ClosedRange<Int>? = nil) throws -> ContactIDSet {
        let ids = try ids ?? 0...largestID()
        guard let match = SearchText.match(words) else { return ContactIDSet() }
        return try database.ids(
            """
            SELECT \(Database.idFunction)(rowid) FROM contact_search
            WHERE contact_search MATCH ?1 AND rowid BETWEEN ?2 AND ?3
            """, largest: ids.upperBound
        ) { statement in
            statement.bind(match, at: 1)
            statement.bind(ids.lowerBound, at: 2)
            statement.bind(ids.upperBound, at: 3)
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
    /// restores its usual merging, which takes care of a few.
    func mergeOnce(optimize: Bool = true) throws {
        if optimize {
            try database.execute("INSERT INTO contact_search (contact_search) VALUES ('optimize')")
        }
        try database.execute(
            """
            INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 4);
            INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', 16);
            """)
    }

    /// Builds the search index of a list migrated with contacts in it, once (one
    /// transaction; `progress` gets the count done every 100,000).
    public func buildSearchIndexIfNeeded(progress: ((Int) -> Void)? = nil) throws {
        guard try database.integer("SELECT value FROM roster_meta WHERE key = 'search_built'") == 0 else {
            return
        }
        try database.transaction {
            try database.execute("INSERT INTO contact_search (contact_search) VALUES ('delete-all')")
            let all = try database.statement("SELECT id, \(ContactField.columnList) FROM contacts")
            var done = 0
            while try all.step() {
                try index(id: all.int(at: 0), fields: all.fields(from: 1))
                done += 1
                if done % 100_000 == 0 { progress?(done) }
            }
            try database.execute("UPDATE roster_meta SET value = 1 WHERE key = 'search_built'")
        }
    }
}
