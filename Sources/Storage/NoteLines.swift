/// The lines of notes a contact row shows (API.md: 0 to 3 lines of 20 px each),
/// decided by the server so that every row's height is known before the browser
/// draws it.
///
/// A line break in the notes starts a new line; blank lines are skipped; words
/// are wrapped at `width` characters (a longer word is a line of its own). The
/// third line takes all the rest, run together: the page draws every line as one
/// line that cannot wrap, clipped with an ellipsis, so what is wider than the row
/// never changes its height.
public enum NoteLines {
    /// Characters per line before a word wraps.
    public static let width = 60
    /// Lines shown at most.
    public static let maximum = 3

    /// The lines `notes` shows, words separated by one space.
    /// - Complexity: O(notes length).
    public static func lines(_ notes: String) -> [String] {
        var lines: [String] = []
        var rest: [Substring] = []
        for paragraph in notes.split(whereSeparator: \.isNewline) {
            let words = paragraph.split(whereSeparator: { $0.isWhitespace })
            var index = 0
            while index < words.count && lines.count < maximum - 1 {
                // As many words as fit in `width` (at least one).
                var end = index + 1
                var length = words[index].count
                while end < words.count && length + 1 + words[end].count <= width {
                    length += 1 + words[end].count
                    end += 1
                }
                lines.append(words[index..<end].joined(separator: " "))
                index = end
            }
            rest += words[index...]
        }
        if !rest.isEmpty { lines.append(rest.joined(separator: " ")) }
        return lines
    }

    /// How many lines `notes` shows: `lines(notes).count`, 0 to `maximum`.
    public static func count(_ notes: String) -> Int { lines(notes).count }
}
