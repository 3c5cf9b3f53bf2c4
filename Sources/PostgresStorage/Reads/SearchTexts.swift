import Contacts

/// Every contact's searched words (`contacts.search`, `SearchText.document`) at one
/// data version, in memory: a search matches them there, as the LIKE patterns of
/// `PostgresReads.matches` would, without a query (docs/operations.md, "Several servers").
///
/// The texts are held in chunks of about `chunkSize` contacts by id, each one
/// buffer of texts ending in a NUL (which no text holds) beside their ids: a search
/// runs over a chunk's buffer (`BytePattern`), so a pattern that matches nothing costs a
/// scan of the bytes, and one that matches every contact one step a contact.
/// Versions share the chunks a write did not touch: applying a write copies one.
struct SearchTexts: Sendable {
    /// The data version these texts are of.
    let version: Int
    let chunks: [Chunk]

    /// Contacts per chunk when built (a chunk grows to twice that before it splits).
    static let chunkSize = 4_096

    /// Texts of contacts with ids in increasing order.
    final class Chunk: Sendable {
        let ids: [Int32]
        /// The NUL after each text.
        let ends: [UInt32]
        let bytes: [UInt8]

        init(ids: [Int32], ends: [UInt32], bytes: [UInt8]) {
            self.ids = ids
            self.ends = ends
            self.bytes = bytes
        }

        /// The chunk of `records` (id and text, by increasing id).
        convenience init(_ records: [(id: Int, text: ArraySlice<UInt8>)]) {
            var ids: [Int32] = []
            var ends: [UInt32] = []
            var bytes: [UInt8] = []
            ids.reserveCapacity(records.count)
            ends.reserveCapacity(records.count)
            bytes.reserveCapacity(records.reduce(0) { $0 + $1.text.count + 1 })
            for record in records {
                ids.append(Int32(truncatingIfNeeded: record.id))
                bytes.append(contentsOf: record.text)
                ends.append(UInt32(bytes.count))
                bytes.append(0)
            }
            self.init(ids: ids, ends: ends, bytes: bytes)
        }

        /// Its contacts, id and text.
        var records: [(id: Int, text: ArraySlice<UInt8>)] {
            ids.indices.map { index in
                let start = index == 0 ? 0 : Int(ends[index - 1]) + 1
                return (Int(ids[index]), bytes[start..<Int(ends[index])])
            }
        }
    }

    init(version: Int, chunks: [Chunk]) {
        self.version = version
        self.chunks = chunks
    }

    /// Texts appended by increasing id, a chunk at a time (no array per contact).
    struct Builder {
        private var chunks: [Chunk] = []
        private var ids: [Int32] = []
        private var ends: [UInt32] = []
        private var bytes: [UInt8] = []

        /// Adds contact `id`'s `text` (ids must increase).
        mutating func append(id: Int, text: UnsafeBufferPointer<UInt8>) {
            ids.append(Int32(truncatingIfNeeded: id))
            bytes.append(contentsOf: text)
            ends.append(UInt32(bytes.count))
            bytes.append(0)
            if ids.count == SearchTexts.chunkSize { self.close() }
        }

        private mutating func close() {
            guard !ids.isEmpty else { return }
            chunks.append(Chunk(ids: ids, ends: ends, bytes: bytes))
            ids = []
            ends = []
            bytes = []
        }

        /// The texts appended, of `version`.
        mutating func finish(version: Int) -> SearchTexts {
            self.close()
            return SearchTexts(version: version, chunks: chunks)
        }
    }

    /// Contacts held.
    var count: Int { chunks.reduce(0) { $0 + $1.ids.count } }

    /// Bytes of text held (with a NUL each).
    var bytes: Int { chunks.reduce(0) { $0 + $1.bytes.count } }

    /// These texts at `version`, after `changes` (each a contact's text then, nil
    /// for one deleted): the chunks they fall in are copied, the others shared.
    /// - Complexity: O(c log k + the bytes of the chunks changed).
    func applying(_ changes: [Int: [UInt8]?], version: Int) -> SearchTexts {
        var chunks = self.chunks
        var byChunk: [Int: [Int: [UInt8]?]] = [:]
        for (id, text) in changes { byChunk[chunkIndex(of: id), default: [:]][id] = text }
        // From the last chunk back, so a split does not move the chunks still to do.
        for index in byChunk.keys.sorted(by: >) {
            var pending = byChunk[index]!
            var records: [(id: Int, text: ArraySlice<UInt8>)] = []
            let old = index < chunks.count ? chunks[index].records : []
            records.reserveCapacity(old.count + pending.count)
            for record in old {
                if let text = pending.removeValue(forKey: record.id) {
                    if let text { records.append((record.id, text[...])) }
                } else {
                    records.append(record)
                }
            }
            for (id, text) in pending.sorted(by: { $0.key < $1.key }) {
                if let text { records.append((id, text[...])) }
            }
            records.sort { $0.id < $1.id }
            // A chunk left empty goes (an empty one would mislead `chunkIndex(of:)`).
            var replacement: [Chunk] = []
            var start = 0
            while start < records.count {
                let end = records.count - start > 2 * Self.chunkSize ? start + Self.chunkSize : records.count
                replacement.append(Chunk(Array(records[start..<end])))
                start = end
            }
            if index < chunks.count {
                chunks.replaceSubrange(index...index, with: replacement)
            } else {
                chunks += replacement
            }
        }
        return SearchTexts(version: version, chunks: chunks)
    }

    /// The chunk whose ids `id` falls among: the last whose first id is at most
    /// `id` (the first chunk for smaller ids; one past the last for an empty list).
    private func chunkIndex(of id: Int) -> Int {
        var low = 0
        var high = chunks.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if let first = chunks[middle].ids.first, Int(first) <= id { low = middle } else { high = middle }
        }
        return low
    }

    /// The contacts whose text holds every one of `patterns` (none: no contact), among
    /// `ids` when given: the first pattern found over each chunk's buffer, the others
    /// looked for in the text it was found in.
    func matches(_ patterns: [BytePattern], ids: ClosedRange<Int>?) -> ContactIDSet {
        var found = ContactIDSet(largest: Int(chunks.last?.ids.last ?? 0))
        guard let first = patterns.first else { return found }
        let others = patterns.dropFirst()
        for chunk in chunks {
            if let ids, let low = chunk.ids.first, let high = chunk.ids.last,
                Int(high) < ids.lowerBound || Int(low) > ids.upperBound
            {
                continue
            }
            chunk.bytes.withUnsafeBytes { text in
                var record = 0
                var start = 0
                while let hit = first.firstMatch(in: text, from: start, to: text.count) {
                    // The text the hit is in: a NUL ends each, and no pattern holds one.
                    while chunk.ends[record] < hit { record += 1 }
                    let recordStart = record == 0 ? 0 : Int(chunk.ends[record - 1]) + 1
                    let recordEnd = Int(chunk.ends[record])
                    let id = Int(chunk.ids[record])
                    if ids?.contains(id) ?? true,
                        others.allSatisfy({ $0.firstMatch(in: text, from: recordStart, to: recordEnd) != nil }
                        )
                    {
                        found.insert(id)
                    }
                    start = recordEnd + 1
                    record += 1
                }
            }
        }
        return found
    }

    /// The LIKE patterns of `words` (`PostgresReads.patterns`) as bytes, longest first
    /// (the rarest, most often: it is the one scanned for).
    static func patterns(_ words: [String]) -> [BytePattern] {
        PostgresReads.patterns(words).map { Array($0.dropFirst().dropLast().utf8) }.sorted {
            $0.count > $1.count
        }
        .map(BytePattern.init)
    }
}
