/// The lines of notes a contact row shows (docs/api.md, "GET /window": 0 to 3 lines of 20 px each),
/// decided by the server so that every row's height is known before the browser
/// draws it.
///
/// A line break in the notes starts a new line; blank lines are skipped; words
/// (runs of anything but ASCII spaces, tabs and line breaks) are wrapped at `width`
/// characters (Unicode scalars; a longer word is a line of its own). The third
/// line takes all the rest, run together: the page draws every line as one line
/// that cannot wrap, clipped with an ellipsis, so what is wider than the row never
/// changes its height.
///
/// Works on UTF-8 bytes: it runs for every row with notes that a window renders.
public enum NoteLines {
    /// Characters per line before a word wraps.
    public static let width = 60
    /// Lines shown at most.
    public static let maximum = 3

    /// The lines of the UTF-8 text `notes`, each as the byte ranges of its words
    /// (to be joined with one space).
    /// - Complexity: O(notes length).
    public static func lines(_ notes: UnsafeBufferPointer<UInt8>) -> [[Range<Int>]] {
        var lines: [[Range<Int>]] = []
        var line: [Range<Int>] = []
        var length = 0  // characters in `line`, spaces between words included
        var index = 0
        while index < notes.count {
            let byte = notes[index]
            if byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                // A line break ends the line, unless the last line takes the rest.
                if !line.isEmpty && lines.count < maximum - 1 {
                    lines.append(line)
                    line = []
                    length = 0
                }
                index += 1
                continue
            }
            if byte == 0x20 || byte == 0x09 {
                index += 1
                continue
            }
            let start = index
            var characters = 0
            while index < notes.count {
                let byte = notes[index]
                if byte <= 0x20 && (byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { break }
                if byte & 0xC0 != 0x80 { characters += 1 }
                index += 1
            }
            if !line.isEmpty && lines.count < maximum - 1 && length + 1 + characters > width {
                lines.append(line)
                line = []
                length = 0
            }
            length += (line.isEmpty ? 0 : 1) + characters
            line.append(start..<index)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The lines `notes` shows, words separated by one space.
    public static func lines(_ notes: String) -> [String] {
        var notes = notes
        return notes.withUTF8 { bytes in
            lines(bytes).map { words in
                words.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
                    .joined(separator: " ")
            }
        }
    }

    /// How many lines `notes` shows: `lines(notes).count`, 0 to `maximum`.
    public static func count(_ notes: String) -> Int {
        var notes = notes
        return notes.withUTF8 { lines($0).count }
    }
}
