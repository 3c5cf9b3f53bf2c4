/// Which search patterns are kept as bitmaps of contact ids beside the search index:
/// the ones many contacts hold (docs/api.md, "Search").
///
/// A word is searched by its pattern (`SearchText.pattern`): "  x" for a 1-character
/// word, " xy" for a 2-character one, the word itself from 3 characters on. A broad
/// word costs the index a walk of long lists (every contact whose text holds each
/// of its trigrams, and their positions); a bitmap of the contacts holding the
/// pattern answers it at a few bytes per thousand contacts instead. Patterns are
/// chosen from a sample of the contacts' search texts (`SearchText.document`): those
/// at least `share` of them hold, most held first.
public enum SearchGrams {
    /// Patterns longer than this, in characters, are never kept.
    public static let longest = 16

    /// The patterns at least `share` of `documents` hold, most held first (ties in
    /// byte order), at most `limit`; none for fewer than `minimumDocuments` documents.
    /// - Complexity: O(documents × their words), plus each distinct word's parts up to
    ///   `longest` characters once (a phone's digits' in every document).
    public static func frequent(
        in documents: [String], share: Double, limit: Int, minimumDocuments: Int = 100
    ) -> [String] {
        guard documents.count >= max(1, minimumDocuments) else { return [] }
        let least = max(1, Int((share * Double(documents.count)).rounded(.up)))
        // The same counts as `candidates(in:)` of each document, tallied a word at a time.
        var tally = PatternTally()
        for document in documents { tally.count(document) }
        return tally.frequent(least: least, limit: limit)
    }

    /// The patterns a search word could be searched by that `document` holds, each
    /// once: for each of its words "  x" and " xy" (its first one and two
    /// characters) and its parts of 3 to `longest` characters; for a phone's digits
    /// (after `#`), their parts of 3 or more.
    /// - Complexity: O(words × `longest`²).
    public static func candidates(in document: String) -> Set<String> {
        var found = Set<String>()
        for word in document.split(separator: " ") {
            var scalars = Array(word.unicodeScalars)
            if scalars.first == "#" {
                scalars.removeFirst()
            } else {
                found.insert("  " + String(String.UnicodeScalarView(scalars.prefix(1))))
                if scalars.count >= 2 {
                    found.insert(" " + String(String.UnicodeScalarView(scalars.prefix(2))))
                }
            }
            guard scalars.count >= 3 else { continue }
            for start in 0...(scalars.count - 3) {
                for end in (start + 3)...min(scalars.count, start + longest) {
                    found.insert(String(String.UnicodeScalarView(scalars[start..<end])))
                }
            }
        }
        return found
    }
}
