import Contacts

extension SQLiteContactStore {
    /// Adds `contacts` (each needs a name, a company or an e-mail) and updates sections, as
    /// one import (`SQLiteImport`): readers see the list before or after, never between.
    /// Returns the new ids, in the order given.
    ///
    /// - Complexity: O(m log(n + m)) for n stored and m new contacts (the order
    ///   table takes the new pairs sorted, in one pass).
    @discardableResult
    public func add(_ contacts: [ContactFields]) throws -> [Int] {
        if let nameless = contacts.firstIndex(where: { $0.isNameless }) {
            throw ContactsError.invalidContact(
                index: nameless, problem: "needs a name, a company or an e-mail")
        }
        // The list's sections are its locale's before any contact is keyed in it (as the seed).
        if try storedLocale() == nil { try settleLocale(locale) }
        let batch = try SQLiteImport(store: self, mode: .append)
        let first = try nextID()
        for (offset, fields) in contacts.enumerated() {
            try batch.add(fields, line: offset + 1)
        }
        _ = try batch.commit()
        return Array(first..<(first + contacts.count))
    }

    /// The id the next new contact gets.
    func nextID() throws -> Int {
        try database.integer("SELECT value FROM roster_meta WHERE key = 'next_id'") ?? 1
    }

}
