import Contacts

/// Step 2 of an import (`SQLiteImport`): once the file is read, its contacts move
/// into the list's tables, still hidden, a `chunk` at a time.
extension SQLiteImport {
    /// The contacts into `contacts`, in id order, `chunk` at a time.
    func moveContacts() throws {
        let columns = ContactField.columnList
        for range in ranges {
            var first = range.lowerBound
            while first <= min(range.upperBound, lastStaged) {
                let last = min(first + Self.chunk - 1, range.upperBound)
                try slices.open()
                try store.database.run(
                    "INSERT INTO contacts (id, \(columns)) SELECT id, \(columns) FROM staging.import_rows "
                        + "WHERE id BETWEEN :first AND :last"
                ) { statement in
                    statement.bind(first, to: ":first")
                    statement.bind(last, to: ":last")
                }
                try labelMoved(first...last)
                try slices.stepped(weight: 8)
                first = last + 1
            }
        }
        try slices.commit()
    }

    /// The `contact_labels` rows of the contacts with ids in `ids` just moved, in the
    /// same slice as they are (a cleanup after a kill takes both out by their labels).
    func labelMoved(_ ids: ClosedRange<Int>) throws {
        let labelled = try store.database.rows(
            "SELECT id, labels FROM staging.import_rows WHERE id BETWEEN :first AND :last AND labels <> ''",
            in: ids
        ) { ($0.int(at: 0), $0.string(at: 1)) }
        for (id, labels) in labelled { try store.label(id: id, labels) }
    }

    /// The contacts' places into `contact_order` in key order, `chunk` at a time.
    func moveOrder() throws {
        guard staged > 0 else { return }
        let database = store.database
        // Outside any write of the list's: the index is the staging file's alone.
        try database.execute(
            "CREATE INDEX IF NOT EXISTS staging.import_rows_by_key ON import_rows (sort_key, id)")
        let after = "(sort_key, id) > (:after_key, :after_id)"
        let lastOfNext =
            "SELECT sort_key, id FROM staging.import_rows WHERE \(after) ORDER BY sort_key, id LIMIT 1 OFFSET \(Self.chunk - 1)"
        let insert =
            "INSERT INTO contact_order (sort_key, id, lines) SELECT sort_key, id, lines "
            + "FROM staging.import_rows WHERE \(after) AND (sort_key, id) <= (:last_key, :last_id) "
            + "ORDER BY sort_key, id"
        // Before every key: a key is its section's byte and more.
        var afterKey: [UInt8] = [0]
        var afterID = 0
        while true {
            let last = try database.withStatement(lastOfNext) { statement -> ([UInt8], Int)? in
                statement.bind(blob: afterKey, to: ":after_key")
                statement.bind(afterID, to: ":after_id")
                return try statement.step() ? (statement.blob(at: 0), statement.int(at: 1)) : nil
            }
            // The last `chunk` or fewer: up to the greatest key there is.
            let (lastKey, lastID) = last ?? ([0xFF, 0xFF, 0xFF, 0xFF], Int.max)
            try slices.open()
            try database.run(insert) { statement in
                statement.bind(blob: afterKey, to: ":after_key")
                statement.bind(afterID, to: ":after_id")
                statement.bind(blob: lastKey, to: ":last_key")
                statement.bind(lastID, to: ":last_id")
            }
            try slices.stepped(weight: 8)
            guard last != nil else { break }
            (afterKey, afterID) = (lastKey, lastID)
        }
        try slices.commit()
    }
}
