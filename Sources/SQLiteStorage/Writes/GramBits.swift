import Contacts

/// Keeps the frequent search patterns' bitmaps (`search_gram_bits`, migration 0006)
/// in step with the contacts, inside a writer's transaction: each search text added
/// or taken out of the index is run through the patterns' automaton
/// (`GramMatcher`), and the bits it sets or clears are gathered per row (a chunk of
/// 31,744 ids of one pattern, read once) and written back by `flush()`, before the
/// transaction commits.
///
/// Belongs to its store's connection. `begin()` starts a transaction's work: it
/// drops what an abandoned one left and takes the patterns again when another
/// connection chose new ones.
final class GramBits {
    /// Contact ids per row: 3,968 bytes of bits, a row to a 4 KB page.
    static let chunkIDs = 31_744
    /// 64-bit words per row.
    static let chunkWords = chunkIDs / 64
    /// Patterns kept at most (a row's key has 16 bits for its pattern).
    static let maxGrams = 1_024

    /// The key of the row of `gram` holding ids `chunk * chunkIDs ..<`: the rows of
    /// one pattern lie together, in id order, so a search reads them in one pass.
    static func key(chunk: Int, gram: Int) -> Int { gram << 32 | chunk }

    /// Rows held in memory before they are written back mid-transaction (16 MB).
    static let heldLimit = 4_096

    private let database: SQLiteDatabase
    /// The patterns' automaton, pattern i being gram i.
    private(set) var matcher = GramMatcher(patterns: [])
    /// `grams_version` of `matcher`; nil before the first `begin()`.
    private var version: Int?
    /// Rows changed and not written yet, by key, but for those of `chunk`.
    private var held: [Int: [UInt64]] = [:]
    /// The chunk of ids last written to, and its rows by gram (nil: not read yet):
    /// one contact's patterns, and a seed's or an import's run of new ids, are
    /// marked without a look-up per pattern.
    private var chunk = -1
    private var rows: [[UInt64]?] = []

    init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Readies a transaction's work: forgets rows an abandoned transaction left and
    /// loads the patterns if they changed since.
    func begin() throws {
        forget()
        let current = try database.integer("SELECT value FROM roster_meta WHERE key = 'grams_version'") ?? 0
        guard current != version else { return }
        matcher = GramMatcher(patterns: try Self.patterns(in: database))
        version = current
    }

    /// The patterns kept, by gram number.
    static func patterns(in database: SQLiteDatabase) throws -> [String] {
        try database.withStatement("SELECT pattern FROM search_grams ORDER BY gram") { statement in
            var patterns: [String] = []
            while try statement.step() { patterns.append(statement.string(at: 0)) }
            return patterns
        }
    }

    /// Makes `patterns` the kept ones (gram i is pattern i), with no bits yet.
    func choose(_ patterns: [String], contacts: Int) throws {
        forget()
        try database.execute(
            """
            DELETE FROM search_grams; DELETE FROM search_gram_bits;
            UPDATE roster_meta SET value = value + 1 WHERE key = 'grams_version';
            UPDATE roster_meta SET value = 1 WHERE key = 'grams_built';
            UPDATE roster_meta SET value = \(contacts) WHERE key = 'grams_contacts';
            """)
        for (gram, pattern) in patterns.prefix(Self.maxGrams).enumerated() {
            try database.run("INSERT INTO search_grams (gram, pattern) VALUES (:gram, :pattern)") { insert in
                insert.bind(gram, to: ":gram")
                insert.bind(pattern, to: ":pattern")
            }
        }
        version = nil
        try begin()
    }

    /// Sets contact `id`'s bit in every pattern `document` (its search text) holds.
    func add(id: Int, document: UnsafeRawBufferPointer) throws {
        var failure: (any Error)?
        matcher.forEachMatch(in: document) { gram in
            guard failure == nil else { return }
            do { try set(id: id, gram: gram, to: true) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Sets contact `id`'s bit in each of `grams` (pattern numbers `matcher` found).
    func add(id: Int, grams: ArraySlice<UInt16>) throws {
        for gram in grams { try set(id: id, gram: Int(gram), to: true) }
    }

    /// Sets contact `id`'s bit in every pattern `document` holds.
    func add(id: Int, document: String) throws {
        var document = document
        try document.withUTF8 { try add(id: id, document: UnsafeRawBufferPointer($0)) }
    }

    /// Clears contact `id`'s bit in every pattern `document` (the text it was indexed with) holds.
    func remove(id: Int, document: String) throws {
        for gram in matcher.matches(in: document) { try set(id: id, gram: gram, to: false) }
    }

    /// Contact `id`'s text changed from `old` to `new`: only the patterns one of them
    /// holds change.
    func change(id: Int, from old: String, to new: String) throws {
        let before = Set(matcher.matches(in: old))
        let after = Set(matcher.matches(in: new))
        for gram in before.subtracting(after) { try set(id: id, gram: gram, to: false) }
        for gram in after.subtracting(before) { try set(id: id, gram: gram, to: true) }
    }

    /// Forgets every bit: the index was emptied.
    func clear() throws {
        forget()
        try database.execute("DELETE FROM search_gram_bits")
    }

    /// Drops every row changed and not written.
    private func forget() {
        held = [:]
        chunk = -1
        rows = []
    }

    private func set(id: Int, gram: Int, to on: Bool) throws {
        guard id >= 0 else { return }
        if id / Self.chunkIDs != chunk {
            park()
            if held.count >= Self.heldLimit { try flush() }
            chunk = id / Self.chunkIDs
            rows = Array(repeating: nil, count: matcher.patterns.count)
        }
        if rows[gram] == nil {
            let key = Self.key(chunk: chunk, gram: gram)
            rows[gram] = try held.removeValue(forKey: key) ?? self.storedRow(key)
        }
        let offset = id % Self.chunkIDs
        let bit: UInt64 = 1 << UInt64(offset & 63)
        if on { rows[gram]![offset >> 6] |= bit } else { rows[gram]![offset >> 6] &= ~bit }
    }

    /// Moves the rows of `chunk` among the others held.
    private func park() {
        for (gram, row) in rows.enumerated() {
            if let row { held[Self.key(chunk: chunk, gram: gram)] = row }
        }
        rows = []
        chunk = -1
    }

    /// The stored words of row `key` (zeros when there is none).
    private func storedRow(_ key: Int) throws -> [UInt64] {
        var words = [UInt64](repeating: 0, count: Self.chunkWords)
        try database.withStatement("SELECT bits FROM search_gram_bits WHERE key = :key") { select in
            select.bind(key, to: ":key")
            guard try select.step() else { return }
            select.withBlob(at: 0) { bytes in
                words.withUnsafeMutableBytes { out in
                    out.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(out.count)))
                }
            }
        }
        return words
    }

    /// Sets the bits of `bitmaps` (made with these patterns) in the stored rows: what
    /// `add(id:grams:)` for each of their contacts does, a row at a time.
    func store(_ bitmaps: GramBitmaps) throws {
        try flush()
        try bitmaps.forEachRow { key, words in
            var row = try storedRow(key)
            for (index, word) in words.enumerated() { row[index] |= word }
            try database.run("INSERT OR REPLACE INTO search_gram_bits (key, bits) VALUES (:key, :bits)") {
                store in
                store.bind(key, to: ":key")
                row.withUnsafeBytes { store.bind(blob: Array($0), to: ":bits") }
            }
        }
    }

    /// Writes the rows changed back (a row left with no bit is deleted).
    func flush() throws {
        park()
        guard !held.isEmpty else { return }
        let rows = held.sorted { $0.key < $1.key }
        held = [:]
        for (key, words) in rows {
            guard words.contains(where: { $0 != 0 }) else {
                try database.run("DELETE FROM search_gram_bits WHERE key = :key") { $0.bind(key, to: ":key") }
                continue
            }
            try database.run("INSERT OR REPLACE INTO search_gram_bits (key, bits) VALUES (:key, :bits)") {
                store in
                store.bind(key, to: ":key")
                words.withUnsafeBytes { store.bind(blob: Array($0), to: ":bits") }
            }
        }
    }
}
