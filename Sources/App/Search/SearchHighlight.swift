import Codecs
import Contacts
import HTTP

/// The marks of a search in the fields a row shows (docs/api.md, "Search"): the parts of
/// a field's original text that the query's words match are wrapped in `<mark>`,
/// and all of it is escaped for HTML in JSON, as `CellRenderer` writes fields.
///
/// The rule is the index's (`SearchText`), per query word: a word of 3 or more
/// characters matches any part of a word of the field, a shorter one the start of
/// a word; in the phone, 3 or more digits also match a run of its digits whatever
/// punctuation lies between them, and the mark then spans that punctuation too
/// ("5551" in "(555) 123-4567" marks "555) 1"): one mark reads better than four.
///
/// Matching runs on the folded text, whose length can differ from the original
/// (ß -> ss, æ -> ae, é -> e without its accent). Each folded byte keeps the
/// original character it came from, so a match marks exactly the characters it
/// came from, and whole ones: a match that starts or ends inside ß's "ss" marks ß,
/// one that ends at a decomposed é's e marks its accent too. Marks therefore fall
/// between characters, so between escapes, never inside an entity or a UTF-8
/// sequence; matches that overlap or touch are merged into one mark, so marks
/// never nest or overlap.
///
/// Built once per query and shared by every row of the window; a value.
struct SearchHighlight: Sendable {
    /// One query word as it is searched for in a field's folded text.
    struct Pattern: Sendable, Equatable {
        /// The bytes searched for: the folded word, after a space when it must
        /// start a word (folded text has a space before each word).
        let bytes: [UInt8]
        /// How many leading bytes of `bytes` are not part of the match (the space).
        let skip: Int
        /// Whether it is also searched for in the phone's digits (3 or more ASCII digits).
        let inDigits: Bool
    }

    let patterns: [Pattern]
    /// Whether a word is looked for in the phone's digits too.
    private let searchesDigits: Bool

    /// The highlight of a query's folded words (`SearchText.words(q)`). Empty words
    /// are skipped; with none, fields are written without marks.
    init(words: [String]) {
        var patterns: [Pattern] = []
        for word in words where !word.isEmpty {
            let bytes = Array(word.utf8)
            let pattern: Pattern
            if word.unicodeScalars.count >= 3 {
                let digits = bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                pattern = Pattern(bytes: bytes, skip: 0, inDigits: digits)
            } else {
                pattern = Pattern(bytes: [0x20] + bytes, skip: 1, inDigits: false)
            }
            if !patterns.contains(pattern) { patterns.append(pattern) }
        }
        self.patterns = patterns
        searchesDigits = patterns.contains { $0.inDigits }
    }

    /// The highlight of search text `q`, or nil when it has no word (the whole list,
    /// nothing to mark).
    init?(query: String) {
        let words = SearchText.words(query)
        guard !words.isEmpty else { return nil }
        self.init(words: words)
    }

    /// The UTF-8 ranges of `text` (field `field` of a contact) that the query marks:
    /// sorted, apart (neither overlapping nor touching), each a run of whole
    /// characters. None for text that is not valid UTF-8.
    /// - Complexity: O(n * m) for n bytes of text and m bytes of query words; the
    ///   text is folded once, without a `String` when it is ASCII.
    func ranges(in text: UnsafeBufferPointer<UInt8>, of field: ContactField) -> [Range<Int>] {
        scan(text, of: field).ranges
    }

    /// `ranges(in:of:)`, and which patterns matched (bit i for `patterns[i]`).
    func scan(_ text: UnsafeBufferPointer<UInt8>, of field: ContactField) -> (
        ranges: [Range<Int>], matched: UInt64
    ) {
        guard !patterns.isEmpty, !text.isEmpty,
            let folded = FoldedText(text, keepingDigits: field == .phone && searchesDigits)
        else { return ([], 0) }
        var found: [Range<Int>] = []
        var matched: UInt64 = 0
        for (index, pattern) in patterns.enumerated() {
            let before = found.count
            Self.forEachOccurrence(of: pattern.bytes, in: folded.bytes) { start in
                let first = folded.original(start + pattern.skip)
                let last = folded.original(start + pattern.bytes.count - 1)
                found.append(first.lowerBound..<last.upperBound)
            }
            if pattern.inDigits {
                Self.forEachOccurrence(of: pattern.bytes, in: folded.digits) { start in
                    let first = folded.originalOfDigit(start)
                    let last = folded.originalOfDigit(start + pattern.bytes.count - 1)
                    found.append(first.lowerBound..<last.upperBound)
                }
            }
            if found.count > before && index < 64 { matched |= 1 << UInt64(index) }
        }
        return (Self.merged(found), matched)
    }

    /// `ranges(in:of:)` for a string's UTF-8.
    func ranges(in text: String, of field: ContactField) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { ranges(in: $0, of: field) }
    }

    /// Appends `text` (field `field` of a contact) escaped for HTML in JSON, with
    /// `<mark>` around what the query matches.
    /// - Complexity: O(n * m), as `ranges(in:of:)`.
    func append(_ text: UnsafeBufferPointer<UInt8>, of field: ContactField, to html: inout ByteBuffer) {
        Self.append(text, marking: ranges(in: text, of: field), to: &html)
    }

    /// Appends `text` escaped for HTML in JSON, with `<mark>` around `ranges` (sorted, apart,
    /// each a run of whole characters).
    static func append(
        _ text: UnsafeBufferPointer<UInt8>, marking ranges: [Range<Int>], to html: inout ByteBuffer
    ) {
        var written = 0
        for range in ranges {
            TextEscaping.append(
                UnsafeBufferPointer(rebasing: text[written..<range.lowerBound]), as: .htmlInJSON, to: &html)
            html.append("<mark>" as StaticString)
            TextEscaping.append(UnsafeBufferPointer(rebasing: text[range]), as: .htmlInJSON, to: &html)
            html.append("</mark>" as StaticString)
            written = range.upperBound
        }
        TextEscaping.append(UnsafeBufferPointer(rebasing: text[written...]), as: .htmlInJSON, to: &html)
    }

    /// `append(_:of:to:)` for a string.
    func append(_ text: String, of field: ContactField, to html: inout ByteBuffer) {
        var text = text
        text.withUTF8 { append($0, of: field, to: &html) }
    }

    /// Calls `body` with the start of every occurrence of `needle` in `haystack`,
    /// overlapping ones included.
    static func forEachOccurrence(of needle: [UInt8], in haystack: [UInt8], _ body: (Int) -> Void) {
        guard let head = needle.first, needle.count <= haystack.count else { return }
        for start in 0...(haystack.count - needle.count) where haystack[start] == head {
            var index = 1
            while index < needle.count && haystack[start + index] == needle[index] { index += 1 }
            if index == needle.count { body(start) }
        }
    }

    /// `ranges` sorted, with those that overlap or touch made one.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        guard ranges.count > 1 else { return ranges }
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var result = [sorted[0]]
        for range in sorted.dropFirst() {
            let last = result[result.count - 1]
            if range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
