import Contacts
import Phones

extension SQLiteContactStore {
    /// Chooses the kept patterns from `sample` (search texts) and builds their bits
    /// from every stored contact, inside the caller's write transaction (`progress`
    /// gets the count done every 100,000).
    /// - Complexity: one pass over the contacts.
    func rebuildGrams(sample: [String], contacts: Int, progress: ((Int) -> Void)? = nil) throws {
        guard try chooseGrams(sample: sample, contacts: contacts) else { return }
        try database.withStatement("SELECT id, \(ContactField.columnList) FROM contacts") { all in
            var done = 0
            while try all.step() {
                try gramBits.add(
                    id: all.int(at: 0),
                    document: SearchText.document(all.fields(from: 1), region: phoneRegion))
                done += 1
                if done % 100_000 == 0 { progress?(done) }
            }
        }
        try gramBits.flush()
    }

    /// Makes the patterns `sample` (search texts of a list of `contacts`) shows to be
    /// frequent the kept ones, with no bits yet, inside the caller's write
    /// transaction. Returns whether there are any.
    func chooseGrams(sample: [String], contacts: Int) throws -> Bool {
        let patterns = frequentPatterns(in: sample, contacts: contacts)
        try gramBits.choose(patterns, contacts: contacts)
        return !patterns.isEmpty
    }

    /// The patterns `gramPolicy` keeps for a list of `contacts` whose search texts
    /// `sample` shows.
    func frequentPatterns(in sample: [String], contacts: Int) -> [String] {
        SearchGrams.frequent(
            in: sample, share: gramPolicy.share, limit: GramBits.maxGrams,
            minimumDocuments: contacts >= gramPolicy.minimumContacts ? 1 : .max)
    }

    /// Up to `gramPolicy.sampleSize` stored contacts' search texts, spread evenly over their ids.
    /// - Complexity: O(sample × log n).
    func sampleDocuments() throws -> [String] {
        let largest = try largestID()
        let step = max(1, largest / max(1, gramPolicy.sampleSize))
        let sql = "SELECT id, \(ContactField.columnList) FROM contacts WHERE id >= :id ORDER BY id LIMIT 1"
        return try database.withStatement(sql) { statement in
            var documents: [String] = []
            var id = 0
            while id <= largest {
                statement.reset()
                statement.bind(id, to: ":id")
                guard try statement.step() else { break }
                documents.append(SearchText.document(statement.fields(from: 1), region: phoneRegion))
                id = max(id + step, statement.int(at: 0) + 1)
            }
            return documents
        }
    }

    /// Chooses and builds the patterns, at start: once for a list migrated with
    /// contacts in it, and again for a list that has doubled since they were chosen
    /// (imports keep the kept patterns' bits in step and leave choosing again to
    /// here: one pass over every contact, which no single write must wait for).
    /// One transaction; `progress` gets the count done every 100,000.
    public func buildGramsIfNeeded(progress: ((Int) -> Void)? = nil) throws {
        if try database.integer("SELECT value FROM roster_meta WHERE key = 'grams_built'") != 0 {
            let chosenAt =
                try database.integer("SELECT value FROM roster_meta WHERE key = 'grams_contacts'") ?? 0
            let contacts = try count()
            guard contacts >= gramPolicy.minimumContacts, contacts >= 2 * chosenAt else { return }
        }
        try database.transaction {
            try rebuildGrams(sample: sampleDocuments(), contacts: count(), progress: progress)
        }
    }
}
