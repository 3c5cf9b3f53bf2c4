import Contacts

/// Keeps the frequent search patterns' bitmaps (`search_gram_bits`, migration 0007)
/// in step with the contacts, inside a writer's transaction: each search text added
/// or taken out of the index is run through the patterns' automaton
/// (`GramMatcher`), and the bits it sets or clears are gathered per row (a chunk of
/// 8,192 ids of one pattern, read once) and written back by `flush()`, before the
/// transaction commits.
///
/// Belongs to its store's connection. `begin()` starts a transaction's work: it
/// drops what an abandoned one left and takes the patterns again when another
/// connection chose new ones.
final class GramBits {
    /// Contact ids per row.
    static let chunkIDs = 8_192
    /// 64-bit words per row.
    static let chunkWords = chunkIDs / 64
    /// Patterns kept at most (a row's key has 16 bits for its pattern).
    static let maxGrams = 1_024

    /// The key of the row of `gram` holding ids `chunk * chunkIDs ..<`: rows of one
    /// chunk lie together, so one contact's patterns share pages.
    static func key(chunk: Int, gram: Int) -> Int { chunk << 16 | gram }

    /// Rows held in memory before they are written back mid-transaction.
    static let heldLimit = 16_384

    private let database: Database
    /// The patterns' automaton, pattern i being gram i.
    private(set) var matcher = GramMatcher(patterns: [])
    /// `grams_version` of `matcher`; nil before the first `begin()`.
    private var version: Int?
    /// Rows changed and not written yet, by key.
    private var held: [Int: [UInt64]] = [:]

    init(database: Database) {
        self.database = database
    }

    /// Readies a transaction's work: forgets rows an abandoned transaction left and
    /// loads the patterns if they changed since.
    func begin() throws {
        held = [:]
        let current = try database.integer("SELECT value FROM roster_meta WHERE key = 'grams_version'") ?? 0
        guard current != version else { return }
        matcher = GramMatcher(patterns: try Self.patterns(in: database))
        version = current
    }

    /// The patterns kept, by gram number.
    static func patterns(in database: Database) throws -> [String] {
        try database.withStatement("SELECT pattern FROM search_grams ORDER BY gram") { statement in
            var patterns: [String] = []
            while try statement.step() { patterns.append(statement.string(at: 0)) }
            return patterns
        }
    }

    /// Makes `patterns` the kept ones (gram i is pattern i), with no bits yet.
    func choose(_ patterns: [String], contacts: Int) throws {
        held = [:]
        try database.execute(
            """
            DELETE FROM search_grams; DELETE FROM search_gram_bits;
            UPDATE roster_meta SET value = value + 1 WHERE key = 'grams_version';
            UPDATE roster_meta SET value = 1 WHERE key = 'grams_built';
            UPDATE roster_meta SET value = \(contacts) WHERE key = 'grams_contacts';
            """)
        // No statement for no patterns (a small list keeps none): one never run would
        // trip the debug check that every statement binds what it declares.
        if !patterns.isEmpty {
            try insertPatterns(patterns)
        }
        version = nil
        try begin()
    }

    /// Writes the kept patterns, gram i as pattern i.
    private func insertPatterns(_ patterns: [String]) throws {
        try database.withStatement("INSERT INTO search_grams (gram, pattern) VALUES (:gram, :pattern)") {
            insert in
            for (gram, pattern) in patterns.prefix(Self.maxGrams).enumerated() {
                insert.bind(gram, to: ":gram")
                insert.bind(pattern, to: ":pattern")
                try insert.run()
            }
        }
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
        held = [:]
        try database.execute("DELETE FROM search_gram_bits")
    }

    private func set(id: Int, gram: Int, to on: Bool) throws {
        guard id >= 0 else { return }
        let key = Self.key(chunk: id / Self.chunkIDs, gram: gram)
        let offset = id % Self.chunkIDs
        let bit: UInt64 = 1 << UInt64(offset & 63)
        if held[key] == nil {
            if held.count >= Self.heldLimit { try flush() }
            held[key] = try read(key)
        }
        if on { held[key]![offset >> 6] |= bit } else { held[key]![offset >> 6] &= ~bit }
    }

    /// The stored words of row `key` (zeros when there is none).
    private func read(_ key: Int) throws -> [UInt64] {
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

    /// Writes the rows changed back (a row left with no bit is deleted).
    func flush() throws {
        guard !held.isEmpty else { return }
        let rows = held.sorted { $0.key < $1.key }
        held = [:]
        let store = try database.statement(
            "INSERT OR REPLACE INTO search_gram_bits (key, bits) VALUES (:key, :bits)")
        let delete = try database.statement("DELETE FROM search_gram_bits WHERE key = :key")
        for (key, words) in rows {
            if words.allSatisfy({ $0 == 0 }) {
                delete.bind(key, to: ":key")
                try delete.run()
                continue
            }
            store.bind(key, to: ":key")
            words.withUnsafeBytes { store.bind(blob: Array($0), to: ":bits") }
            try store.run()
        }
    }
}
