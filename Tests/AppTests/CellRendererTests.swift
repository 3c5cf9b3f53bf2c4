import HTTP
import Storage
import Testing

@testable import App

struct CellRendererTests {
    /// What `appendInitials` writes for `first` and `last`.
    private func written(_ first: String, _ last: String) -> String {
        var html = ByteBuffer()
        var first = first
        var last = last
        first.withUTF8 { firstBytes in
            last.withUTF8 { lastBytes in CellRenderer.appendInitials(firstBytes, lastBytes, into: &html) }
        }
        return String(decoding: html.array, as: UTF8.self)
    }

    @Test(arguments: [
        ("ada", "lovelace"), ("Ada", ""), ("", "Lovelace"), ("", ""), ("7even", "x"), ("Ærin", "adams"),
        ("zoë", "Ångström"), ("'Bob", "o'Neil"), ("😀", "Smith"), ("  ", "<b>"), ("ñandú", "ß"),
    ])
    func theFastPathWritesWhatTheAvatarsInitialsAre(first: String, last: String) {
        let expected = CellRenderer.initials(ContactFields(firstName: first, lastName: last))
        var escaped = ByteBuffer()
        TextEscaping.append(expected, as: .htmlInJSON, to: &escaped)
        #expect(written(first, last) == String(decoding: escaped.array, as: UTF8.self))
    }
}
