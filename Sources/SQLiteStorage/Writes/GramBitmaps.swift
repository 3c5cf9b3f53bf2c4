import Contacts

/// The frequent patterns' bits (`search_gram_bits`) of a run of new contacts' ids, set in
/// memory, away from the connection: a seed finds each contact's patterns on the thread that
/// makes its rows, and the writing thread stores the finished bitmaps in one go
/// (`GramBits.store(_:)`) instead of setting a bit per pattern per contact as it writes.
///
/// Rows are laid out as `search_gram_bits` holds them: per pattern, a run of chunks of
/// `GramBits.chunkIDs` ids from the chunk of the run's first id.
struct GramBitmaps: Sendable {
    /// Patterns, and the chunks each one spans.
    let patterns: Int
    let firstChunk: Int
    let chunks: Int
    /// Pattern after pattern, chunk after chunk, `GramBits.chunkWords` words a chunk.
    private(set) var words: [UInt64]

    /// Empty bitmaps of `patterns` patterns for the ids `ids`.
    init(patterns: Int, ids: Range<Int>) {
        self.patterns = patterns
        firstChunk = ids.lowerBound / GramBits.chunkIDs
        chunks = ids.isEmpty ? 0 : (ids.upperBound - 1) / GramBits.chunkIDs - firstChunk + 1
        words = [UInt64](repeating: 0, count: patterns * chunks * GramBits.chunkWords)
    }

    /// Sets contact `id`'s bit in every pattern of `matcher` (whose patterns these are) that
    /// `text` (its search text) holds.
    mutating func add(id: Int, text: UnsafeRawBufferPointer, matcher: GramMatcher) {
        let offset = id - firstChunk * GramBits.chunkIDs
        let perPattern = chunks * GramBits.chunkWords
        let word = offset >> 6
        let bit: UInt64 = 1 << UInt64(offset & 63)
        words.withUnsafeMutableBufferPointer { words in
            matcher.forEachMatch(in: text) { gram in words[gram * perPattern + word] |= bit }
        }
    }

    /// Calls `body` with the key and words of every row that holds a bit, in key order.
    func forEachRow(_ body: (Int, ArraySlice<UInt64>) throws -> Void) rethrows {
        for gram in 0..<patterns {
            for chunk in 0..<chunks {
                let start = (gram * chunks + chunk) * GramBits.chunkWords
                let row = words[start..<(start + GramBits.chunkWords)]
                guard row.contains(where: { $0 != 0 }) else { continue }
                try body(GramBits.key(chunk: firstChunk + chunk, gram: gram), row)
            }
        }
    }
}
