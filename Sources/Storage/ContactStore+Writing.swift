extension ContactStore {
    /// Adds `contacts` (each needs a first or a last name) and renumbers positions
    /// and sections, all in one transaction: readers see the list before or after,
    /// never between. Returns the new ids, in the order given.
    ///
    /// - Complexity: O((n + m) log(n + m)) for n stored and m new contacts: the whole
    ///   list is re-sorted, since positions are stored.
    @discardableResult
    public func add(_ contacts: [ContactFields]) throws -> [Int] {
        if let nameless = contacts.firstIndex(where: { $0.sortKey.isNameless }) {
            throw StorageError.invalidContact(index: nameless, problem: "needs a first or a last name")
        }
        return try database.transaction {
            let firstID = try nextID()
            try database.execute(
                """
                CREATE TEMP TABLE IF NOT EXISTS incoming (
                    id INTEGER, sort_key BLOB, first_name TEXT, last_name TEXT, email TEXT,
                    phone TEXT, company TEXT, city TEXT, notes TEXT);
                DELETE FROM temp.incoming;
                """)
            let insert = try database.statement(
                "INSERT INTO temp.incoming VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
            for (offset, fields) in contacts.enumerated() {
                insert.bind(firstID + offset, at: 1)
                insert.bind(blob: fields.sortKey.bytes, at: 2)
                bind(fields, to: insert, from: 3)
                try insert.run()
            }
            try renumber(including: "temp.incoming")
            try database.execute(
                """
                DELETE FROM temp.incoming;
                UPDATE roster_meta SET value = \(firstID + contacts.count) WHERE key = 'next_id';
                """)
            return Array(firstID..<(firstID + contacts.count))
        }
    }

    /// The id the next new contact gets.
    func nextID() throws -> Int {
        try database.integer("SELECT value FROM roster_meta WHERE key = 'next_id'") ?? 1
    }

    /// Rewrites `contacts` in list order with the rows of `table` added, then the
    /// sections, and bumps the data version. Must run inside a transaction.
    func renumber(including table: String) throws {
        let columns = "id, sort_key, first_name, last_name, email, phone, company, city, notes"
        try database.execute(
            """
            DROP TABLE IF EXISTS temp.merged;
            CREATE TEMP TABLE merged AS
                SELECT \(columns) FROM main.contacts UNION ALL SELECT \(columns) FROM \(table)
                ORDER BY sort_key, id;
            DELETE FROM main.contacts;
            INSERT INTO main.contacts (position, \(columns))
                SELECT rowid - 1, \(columns) FROM temp.merged ORDER BY rowid;
            DROP TABLE temp.merged;
            """)
        try recountSections()
        try database.execute("UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version'")
    }

    /// Counts each section's contacts from the stored sort keys (the first byte is the section).
    func recountSections() throws {
        var rows = [Int](repeating: 0, count: SectionInfo.titles.count)
        let count = try database.statement(
            "SELECT hex(substr(sort_key, 1, 1)) AS section, count(*) FROM contacts GROUP BY section")
        while try count.step() {
            guard let section = Int(count.string(at: 0), radix: 16), rows.indices.contains(section) else {
                throw StorageError.sqlite(
                    code: 0, message: "a sort key starts with section \(count.string(at: 0))", sql: count.sql)
            }
            rows[section] = count.int(at: 1)
        }
        try writeSections(rows: rows)
    }
}
