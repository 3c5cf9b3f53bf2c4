import Contacts

extension SQLiteContactStore {
    /// The contacts every word of `words` finds whose pattern is kept as a bitmap
    /// (`search_grams`), read from the bits, and the words whose pattern is not, which
    /// the index must answer. `found` is nil when no word's pattern is kept.
    /// - Complexity: O(largest id / 64) per kept word (its bits, 31,744 ids a row).
    public func gramMatches(_ words: [String]) throws -> (found: ContactIDSet?, rest: [String]) {
        var found: ContactIDSet?
        var rest: [String] = []
        let largest = try largestID()
        for word in words {
            let gram = try database.integer("SELECT gram FROM search_grams WHERE pattern = :pattern") {
                $0.bind(SearchText.pattern(of: word), to: ":pattern")
            }
            guard let gram else {
                rest.append(word)
                continue
            }
            // Nothing left to keep: the other kept words need not be read.
            if found?.count == 0 { continue }
            let ids = try gramIDs(gram, largest: largest)
            if found == nil { found = ids } else { found?.formIntersection(ids) }
        }
        return (found, rest)
    }

    /// The ids whose bit pattern `gram` has set, none above `largest`: its rows, read
    /// in one pass in key order.
    func gramIDs(_ gram: Int, largest: Int) throws -> ContactIDSet {
        var words = [UInt64](repeating: 0, count: max(0, largest) / 64 + 1)
        let sql = "SELECT key, bits FROM search_gram_bits WHERE key BETWEEN :first AND :last ORDER BY key"
        try words.withUnsafeMutableBytes { out in
            try database.withStatement(sql) { select in
                select.bind(GramBits.key(chunk: 0, gram: gram), to: ":first")
                select.bind(GramBits.key(chunk: max(0, largest) / GramBits.chunkIDs, gram: gram), to: ":last")
                while try select.step() {
                    let chunk = select.int(at: 0) - GramBits.key(chunk: 0, gram: gram)
                    let first = chunk * GramBits.chunkWords * 8
                    select.withBlob(at: 1) { bytes in
                        let length = min(bytes.count, out.count - first)
                        guard length > 0 else { return }
                        UnsafeMutableRawBufferPointer(rebasing: out[first..<(first + length)])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(length)))
                    }
                }
            }
        }
        return ContactIDSet(words: words)
    }
}
