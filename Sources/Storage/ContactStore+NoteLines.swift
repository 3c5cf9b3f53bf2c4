import CSQLite

extension ContactStore {
    /// Counts the notes lines (`NoteLines`) of a list migrated with notes in it,
    /// once (one transaction; `progress` gets the count done every 100,000).
    public func countNoteLinesIfNeeded(progress: ((Int) -> Void)? = nil) throws {
        guard try database.integer("SELECT value FROM roster_meta WHERE key = 'lines_built'") == 0 else {
            return
        }
        try database.transaction {
            let all = try database.statement(
                """
                SELECT id, \(ContactField.nameColumns), \(ContactField.notes.name) FROM contacts
                WHERE \(ContactField.notes.name) <> ''
                """)
            var done = 0
            while try all.step() {
                let key = ContactSortKey(firstName: all.string(at: 1), lastName: all.string(at: 2))
                try setLines(id: all.int(at: 0), key: key.bytes, lines: NoteLines.count(all.string(at: 3)))
                done += 1
                if done % 100_000 == 0 { progress?(done) }
            }
            try database.execute("UPDATE roster_meta SET value = 1 WHERE key = 'lines_built'")
        }
    }

    /// Sets the notes lines of contact `id` (sort key `key`) in the order.
    func setLines(id: Int, key: [UInt8], lines: Int) throws {
        let statement = try database.statement(
            "UPDATE contact_order SET lines = ?3 WHERE sort_key = ?1 AND id = ?2")
        statement.bind(blob: key, at: 1)
        statement.bind(id, at: 2)
        statement.bind(lines, at: 3)
        try statement.run()
        if sqlite3_changes(database.handle) == 0 {
            // A key not as this version folds it (folding changed): find it by id.
            try database.execute("UPDATE contact_order SET lines = \(lines) WHERE id = \(id)")
        }
    }
}
