/// Cells a spreadsheet would run, made plain text (CSV injection, OWASP): a value
/// that starts with `=`, `+`, `-`, `@`, a tab or a CR is written with a `'` before
/// it, which spreadsheets read as "text follows". A value that starts with `'`
/// gets one more, so that Roster's own import, which takes one `'` off such a
/// value, gives back exactly what was exported, whatever the text.
public enum CSVFormulas {
    /// The first bytes a spreadsheet starts a formula with (or that hide one).
    static let risky: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
    ]

    /// `text` as an export writes it.
    public static func neutralized(_ text: String) -> String {
        guard let first = text.utf8.first, risky.contains(first) || first == UInt8(ascii: "'") else {
            return text
        }
        return "'" + text
    }

    /// What an export's `cell` held: one `'` off a cell that `neutralized` marked.
    public static func restored(_ cell: String) -> String {
        let utf8 = cell.utf8
        guard utf8.first == UInt8(ascii: "'"), let second = utf8.dropFirst().first,
            risky.contains(second) || second == UInt8(ascii: "'")
        else { return cell }
        return String(cell.dropFirst())
    }
}
