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
        let batch = try ContactImport(store: self, mode: .append)
        for (offset, fields) in contacts.enumerated() {
            try batch.add(fields, line: offset + 1)
        }
        let first = try nextID()
        _ = try batch.commit()
        // Ids follow list order among the new contacts: map them back to input order.
        let statement = try database.statement("SELECT id, first_name, last_name, email, phone, company, city, notes FROM contacts WHERE id >= ?1 ORDER BY id")
        statement.bind(first, at: 1)
        var idsByContact: [ContactFields: [Int]] = [:]
        while try statement.step() {
            let fields = ContactFields(
                firstName: statement.string(at: 1), lastName: statement.string(at: 2), email: statement.string(at: 3),
                phone: statement.string(at: 4), company: statement.string(at: 5), city: statement.string(at: 6),
                notes: statement.string(at: 7))
            idsByContact[fields, default: []].append(statement.int(at: 0))
        }
        return contacts.map { idsByContact[$0]!.removeFirst() }
    }

    /// The id the next new contact gets.
    func nextID() throws -> Int {
        try database.integer("SELECT value FROM roster_meta WHERE key = 'next_id'") ?? 1
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
