import Testing

@testable import Contacts
@testable import PostgresStorage

/// The in-memory search texts of the PostgreSQL store against a plain model: a
/// dictionary of texts and `contains` on their bytes.
struct SearchTextsTests {
    /// A text of `words` words over a small alphabet (so that patterns match often),
    /// each preceded by two spaces, as `SearchText.document` writes them.
    private static func text(_ random: inout SeededRandom) -> [UInt8] {
        let letters = Array("abn5 #".utf8)
        var text: [UInt8] = []
        for _ in 0..<random.below(6) {
            text += [32, 32]
            for _ in 0..<(1 + random.below(7)) { text.append(letters[random.below(letters.count)]) }
        }
        return text
    }

    private static func contains(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard pattern.count <= text.count else { return false }
        return (0...(text.count - pattern.count)).contains {
            text[$0..<($0 + pattern.count)].elementsEqual(pattern)
        }
    }

    @Test func aPatternIsFoundWhereverItLiesInTheText() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<2_000 {
            let text = (0..<random.below(200)).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
            let pattern = BytePattern(
                (0..<(1 + random.below(5))).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) })
            let start = random.below(text.count + 1)
            let end = start + random.below(text.count - start + 1)
            let expected =
                start + pattern.bytes.count <= end
                ? (start...(end - pattern.bytes.count)).first {
                    text[$0..<($0 + pattern.bytes.count)].elementsEqual(pattern.bytes)
                } : nil
            let found = text.withUnsafeBytes { pattern.firstMatch(in: $0, from: start, to: end) }
            #expect(found == expected, "\(pattern.bytes) in \(text) from \(start) to \(end)")
        }
    }

    @Test func textsBuiltThenChangedMatchAsTheModelDoes() {
        var random = SeededRandom(seed: 11)
        var model: [Int: [UInt8]] = [:]
        var builder = SearchTexts.Builder()
        var id = 0
        // Past two chunks, with gaps in the ids.
        for _ in 0..<(2 * SearchTexts.chunkSize + 500) {
            id += 1 + random.below(3)
            let text = Self.text(&random)
            model[id] = text
            text.withUnsafeBufferPointer { builder.append(id: id, text: $0) }
        }
        var texts = builder.finish(version: 1)
        let patterns: [[[UInt8]]] = [
            [Array("  a".utf8)], [Array(" ab".utf8)], [Array("5n5".utf8)], [Array("#a".utf8)],
            [Array("bbbbbbb".utf8)], [Array("ab".utf8), Array("  n".utf8)], [Array("zz".utf8)],
        ]
        for version in 1...40 {
            if version > 1 {
                // Rewrites, deletes and new contacts; at version 2 enough new ones that the
                // last chunk splits.
                var changes: [Int: [UInt8]?] = [:]
                for _ in 0..<(version == 2 ? 9_000 : 1 + random.below(400)) {
                    switch version == 2 ? 0 : random.below(3) {
                    case 0:
                        id += 1
                        changes[id] = Self.text(&random)
                    case 1: changes[1 + random.below(id)] = Self.text(&random)
                    default: changes[1 + random.below(id)] = .some(nil)
                    }
                }
                for (changed, text) in changes { model[changed] = text }
                texts = texts.applying(changes, version: version)
            }
            #expect(texts.version == version && texts.count == model.count)
            guard version <= 2 || version % 8 == 0 else { continue }
            #expect(texts.chunks.allSatisfy { $0.ids.count <= 2 * SearchTexts.chunkSize })
            #expect(version < 2 || texts.chunks.count > 3, "the last chunk split")
            let range = version % 3 == 0 ? 1_000...6_000 : nil
            for words in patterns {
                let expected = model.filter { entry in
                    range.map { $0.contains(entry.key) } ?? true
                        && words.allSatisfy { Self.contains(entry.value, $0) }
                }.keys.sorted()
                let found = texts.matches(words.map(BytePattern.init), ids: range).map { Int($0) }
                #expect(
                    found == expected, "\(words.map { String(decoding: $0, as: UTF8.self) }) at \(version)")
            }
        }
    }

    @Test func aChunkWhoseContactsAreAllDeletedGoesAndTheOthersStillTakeWrites() {
        var builder = SearchTexts.Builder()
        let size = SearchTexts.chunkSize
        for id in 1...(3 * size) {
            Array("  a\(id)".utf8).withUnsafeBufferPointer { builder.append(id: id, text: $0) }
        }
        var texts = builder.finish(version: 1)
        #expect(texts.chunks.count == 3)
        texts = texts.applying(
            Dictionary(uniqueKeysWithValues: ((size + 1)...(2 * size)).map { ($0, nil) }), version: 2)
        #expect(texts.chunks.count == 2 && texts.count == 2 * size)
        // Ids of the chunk gone fall to the one before it; later ones to the last.
        texts = texts.applying(
            [size + 5: Array("  zz".utf8), 3 * size: Array("  zz".utf8), 3 * size + 1: Array("  zz".utf8)],
            version: 3)
        #expect(
            Array(texts.matches([BytePattern(Array("zz".utf8))], ids: nil)) == [
                Int32(size + 5), Int32(3 * size), Int32(3 * size + 1),
            ])
        #expect(texts.count == 2 * size + 2)
    }
}
