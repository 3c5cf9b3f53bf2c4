import Contacts

extension SQLiteContactStore {
    /// Counts the notes lines (`NoteLines`) of a list migrated with notes in it,
    /// once (one transaction; `progress` gets the count done every 100,000).
    public func countNoteLinesIfNeeded(progress: ((Int) -> Void)? = nil) throws {
        guard try database.integer("SELECT value FROM roster_meta WHERE key = 'lines_built'") == 0 else {
            return
        }
        try database.transaction {
            try database.withStatement(
                """
                SELECT id, \(ContactField.nameColumns), \(ContactField.notes.name) FROM contacts
                WHERE \(ContactField.notes.name) <> ''
                """
            ) { all in
                var done = 0
                while try all.step() {
                    let key = ContactSortKey(
                        firstName: all.string(at: 1), lastName: all.string(at: 2), company: all.string(at: 3),
                        email: all.string(at: 4), in: locale)
                    let lines = NoteLines.count(all.string(at: 5))
                    try setLines(id: all.int(at: 0), key: key.bytes, lines: lines)
                    done += 1
                    if done % 100_000 == 0 { progress?(done) }
                }
            }
            try forgetSavedOrder()
            try database.execute("UPDATE roster_meta SET value = 1 WHERE key = 'lines_built'")
        }
    }
}
