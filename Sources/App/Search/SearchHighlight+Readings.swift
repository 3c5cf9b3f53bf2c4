import Contacts
import Locales

/// Marks for what a query word matched through a name's reading (docs/api.md, "Search across
/// scripts"): `zhang` finds 张伟 by its pinyin and `petrov` finds Петров by its romanization,
/// and the characters those readings come from are marked in the shown name.
///
/// The words are `SearchText.readingWords`' (each name's syllables, a name's syllables joined,
/// the whole name's joined and its initials, Hangul's initial consonants, the phonetic names
/// and their romaji), each byte remembering the characters of the shown name it reads: a Han
/// character its pinyin, a Cyrillic or kana character its letters (`NameReadings`), and a
/// phonetic name the whole name it reads. A word matched there marks every character its
/// matched bytes read, so `zw` marks 张 and 伟, and `satou`, read through `phonetic_last_name`,
/// the whole last name.
extension SearchHighlight {
    /// The marks of the first and last names of a row: those of their text, and, for the query
    /// words neither matches as written, those of their readings.
    /// - Complexity: the plain marks' cost; the readings only when a word is left and a name is
    ///   in another script or the details hold a reading (a byte search), then ICU's time for
    ///   what its transliterators have not seen.
    func nameRanges(
        first: UnsafeBufferPointer<UInt8>, last: UnsafeBufferPointer<UInt8>,
        details: UnsafeBufferPointer<UInt8>
    ) -> (first: [Range<Int>], last: [Range<Int>]) {
        let plainFirst = scan(first, of: .firstName)
        let plainLast = scan(last, of: .lastName)
        let all: UInt64 = patterns.count >= 64 ? .max : (1 << UInt64(patterns.count)) - 1
        let left = all & ~(plainFirst.matched | plainLast.matched)
        guard left != 0, !(first.isEmpty && last.isEmpty),
            !(Self.isLatin(first) && Self.isLatin(last) && !Self.mayHoldReading(details))
        else { return (plainFirst.ranges, plainLast.ranges) }
        let read = readingRanges(first: first, last: last, details: details, patterns: left)
        return (Self.merged(plainFirst.ranges + read.first), Self.merged(plainLast.ranges + read.last))
    }

    /// Where a reading's byte comes from: a range of the first or the last name's UTF-8.
    private struct Origin {
        var isLast: Bool
        var range: Range<Int>
    }

    /// Some letters of a reading word and what they read.
    private typealias Unit = (text: String, origin: Origin)

    /// The marks the patterns in `mask` find in the names' readings.
    private func readingRanges(
        first: UnsafeBufferPointer<UInt8>, last: UnsafeBufferPointer<UInt8>,
        details: UnsafeBufferPointer<UInt8>,
        patterns mask: UInt64
    ) -> (first: [Range<Int>], last: [Range<Int>]) {
        guard let readings = NameReadings.shared else { return ([], []) }
        let firstName = String(decoding: first, as: UTF8.self)
        let lastName = String(decoding: last, as: UTF8.self)
        var phonetic = (first: "", last: "")
        if Self.mayHoldReading(details),
            let parsed = try? ContactDetails(json: String(decoding: details, as: UTF8.self))
        {
            phonetic = (parsed.phoneticFirstName, parsed.phoneticLastName)
        }
        func syllables(_ reading: NameReadingOrigins?, isLast: Bool, whole: Range<Int>?) -> [[Unit]] {
            (reading?.syllables ?? []).map { parts in
                parts.map { ($0.text, Origin(isLast: isLast, range: whole ?? $0.range)) }
            }
        }
        let lastReading = readings.readingWithOrigins(of: lastName, surname: true)
        let firstReading = readings.readingWithOrigins(of: firstName, surname: false)
        let lastRead = syllables(lastReading, isLast: true, whole: nil)
        let firstRead = syllables(firstReading, isLast: false, whole: nil)
        // A phonetic name reads its whole shown name (none when that is empty).
        let lastWhole = last.isEmpty ? nil : Origin(isLast: true, range: 0..<last.count)
        let firstWhole = first.isEmpty ? nil : Origin(isLast: false, range: 0..<first.count)
        var lastSaid: [[Unit]] = []
        var firstSaid: [[Unit]] = []
        if let lastWhole {
            let reading = readings.readingWithOrigins(of: phonetic.last, surname: true)
            lastSaid = syllables(reading, isLast: true, whole: lastWhole.range)
        }
        if let firstWhole {
            let reading = readings.readingWithOrigins(of: phonetic.first, surname: false)
            firstSaid = syllables(reading, isLast: false, whole: firstWhole.range)
        }
        var words: [[Unit]] = []
        for reading in [lastRead, firstRead, lastSaid, firstSaid] {
            words += reading
            if reading.count > 1 { words.append(reading.flatMap { $0 }) }
        }
        for (surname, given) in [(lastRead, firstRead), (lastSaid, firstSaid)] {
            let all = surname + given
            guard all.count > 1 else { continue }
            words.append(all.flatMap { $0 })
            // The initials: each syllable's first letter, reading what its first part reads.
            words.append(
                all.compactMap { parts in
                    guard let part = parts.first, let letter = part.text.first else { return nil }
                    return (String(letter), part.origin)
                })
        }
        let hangul =
            (lastReading?.hangulInitials ?? []).map { ($0.text, Origin(isLast: true, range: $0.range)) }
            + (firstReading?.hangulInitials ?? []).map { ($0.text, Origin(isLast: false, range: $0.range)) }
        if !hangul.isEmpty { words.append(hangul) }
        for (name, origin) in [(phonetic.last, lastWhole), (phonetic.first, firstWhole)] {
            guard let origin else { continue }
            words += SearchText.words(name).map { [($0, origin)] }
        }
        return marks(of: words, patterns: mask)
    }

    /// The marks the patterns in `mask` find in `words`, folded as the index folds them.
    private func marks(of words: [[Unit]], patterns mask: UInt64) -> (first: [Range<Int>], last: [Range<Int>])
    {
        // The folded words after a space each, as `FoldedText` holds a field's, with origins.
        var bytes: [UInt8] = []
        var origins: [Origin?] = []
        for word in words {
            var open = false
            for unit in word {
                let folded = SearchText.words(unit.text)
                for (index, piece) in folded.enumerated() {
                    if !open || index > 0 {
                        bytes.append(0x20)
                        origins.append(nil)
                        open = true
                    }
                    bytes += piece.utf8
                    origins += Array(repeating: unit.origin, count: piece.utf8.count)
                }
                if folded.isEmpty { open = false }
            }
        }
        var found: (first: [Range<Int>], last: [Range<Int>]) = ([], [])
        for (index, pattern) in patterns.enumerated() where index < 64 && mask & (1 << UInt64(index)) != 0 {
            Self.forEachOccurrence(of: pattern.bytes, in: bytes) { start in
                for offset in (start + pattern.skip)..<(start + pattern.bytes.count) {
                    guard let origin = origins[offset] else { continue }
                    if origin.isLast {
                        found.last.append(origin.range)
                    } else {
                        found.first.append(origin.range)
                    }
                }
            }
        }
        return (Self.merged(found.first), Self.merged(found.last))
    }

    /// Whether every byte is below 0xCD (no scalar from U+0340 on): a name no reading reads.
    private static func isLatin(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.allSatisfy { $0 < 0xCD }
    }

    /// Whether a details document may hold a reading: it names `"phonetic_`.
    private static func mayHoldReading(_ details: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle: [UInt8] = Array("\"phonetic_".utf8)
        guard details.count >= needle.count else { return false }
        for start in 0...(details.count - needle.count) where details[start] == 0x22 {
            if needle.indices.allSatisfy({ details[start + $0] == needle[$0] }) { return true }
        }
        return false
    }
}
