import Foundation
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

    /// The rows of a small store (in the order given), rendered as the window renders them.
    private func renderedRows(_ contacts: [ContactFields]) throws -> [String] {
        let folder = NSTemporaryDirectory() + "roster-cell-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Migrations").path
        let store = try ContactStore(path: folder + "/db.sqlite", migrator: Migrator(directory: migrations))
        let ids = try store.add(contacts)
        let cursor = try store.cursor(over: ids.map { OrderEntry(id: $0) }, firstRow: 0)
        defer { cursor.close() }
        var rows: [String] = []
        for position in 0..<contacts.count {
            #expect(try cursor.move(to: position))
            var html = ByteBuffer()
            CellRenderer.contact(cursor, into: &html)
            rows.append(String(decoding: html.array, as: UTF8.self))
        }
        return rows
    }

    @Test func everyContactRowEndsWithAStarTogglePressedExactlyForFavourites() throws {
        let rows = try renderedRows([
            ContactFields(firstName: "<b>Charles</b>", lastName: "Babbage"),
            ContactFields(firstName: "Ada", lastName: "Lovelace", favorite: true),
        ])
        let off = "<button data-action=favorite aria-pressed=false aria-label=Favourite tabindex=-1></button>"
        let on = "<button data-action=favorite aria-pressed=true aria-label=Favourite tabindex=-1></button>"
        #expect(rows[0].hasSuffix("</i></p>" + off), "\(rows[0])")
        #expect(rows[0].contains("&lt;b&gt;Charles&lt;/b&gt; <b>Babbage</b>"), "\(rows[0])")
        #expect(rows[1].hasSuffix("</i></p>" + on), "\(rows[1])")
        // The star is the only control, once per row, and the fragment stays JSON-safe.
        for row in rows {
            #expect(row.components(separatedBy: "<button").count == 2)
            #expect(!row.contains("\""))
        }
    }
}
