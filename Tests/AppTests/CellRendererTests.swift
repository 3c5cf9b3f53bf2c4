import Codecs
import Contacts
import Foundation
import HTTP
import SQLiteStorage
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

    /// The row's avatar (a palette class of app.css) and the detail pane's SVG
    /// avatar have one colour: the stylesheet's classes are `CellRenderer.palette`.
    @Test func theStylesheetsPaletteIsTheSVGAvatarsColours() throws {
        let css = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Public/app.css").path,
            encoding: .utf8)
        let rule = #/\.cell > \.a(\d+) \{ background: hsl\((\d+) (\d+)% (\d+)%\); \}/#
        var found: [Int: (Int, Int, Int)] = [:]
        for match in css.matches(of: rule) {
            found[Int(match.1)!] = (Int(match.2)!, Int(match.3)!, Int(match.4)!)
        }
        #expect(found.count == CellRenderer.palette.count)
        for (index, colour) in CellRenderer.palette.enumerated() {
            #expect(
                found[index].map { $0 == (colour.hue, colour.saturation, colour.lightness) } == true,
                "a\(index)")
        }
        for id in [1, 42, 4242, 999_999] {
            let colour = CellRenderer.palette[CellRenderer.paletteIndex(id: id)]
            let svg = String(
                decoding: CellRenderer.avatar(
                    Contact(id: id, position: 0, revision: 0, fields: ContactFields(firstName: "Ada"))),
                as: UTF8.self)
            #expect(
                svg.contains("fill=\"hsl(\(colour.hue),\(colour.saturation)%,\(colour.lightness)%)\""),
                "\(svg)")
        }
    }

    /// The rows of a small store (in the order given), rendered as the window renders them,
    /// with the marks of `highlight` when there is one.
    private func renderedRows(_ contacts: [ContactFields], highlight: SearchHighlight? = nil) throws
        -> [String]
    {
        let folder = NSTemporaryDirectory() + "roster-cell-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Migrations").path
        let store = try SQLiteContactStore(
            path: folder + "/db.sqlite", migrator: SQLiteMigrator(directory: migrations))
        let ids = try store.add(contacts)
        let cursor = try store.cursor(over: ids.map { OrderEntry(id: $0) }, firstRow: 0)
        defer { cursor.close() }
        var rows: [String] = []
        for position in 0..<contacts.count {
            #expect(try cursor.move(to: position))
            var html = ByteBuffer()
            if let highlight {
                CellRenderer.contact(cursor, highlight: highlight, into: &html)
            } else {
                CellRenderer.contact(cursor, into: &html)
            }
            rows.append(String(decoding: html.array, as: UTF8.self))
        }
        return rows
    }

    @Test func everyContactRowEndsWithAStarTogglePressedExactlyForFavourites() throws {
        let rows = try renderedRows([
            ContactFields(firstName: "<b>Charles</b>", lastName: "Babbage"),
            ContactFields(firstName: "Ada", lastName: "Lovelace", favorite: true),
        ])
        let off = "<button data-action=favorite aria-pressed=false aria-labelledby=fav tabindex=-1></button>"
        let on = "<button data-action=favorite aria-pressed=true aria-labelledby=fav tabindex=-1></button>"
        #expect(rows[0].hasSuffix("</i></p>" + off), "\(rows[0])")
        #expect(rows[0].contains("&lt;b&gt;Charles&lt;/b&gt; <b>Babbage</b>"), "\(rows[0])")
        #expect(rows[1].hasSuffix("</i></p>" + on), "\(rows[1])")
        // The star is the only control, once per row, and the fragment stays JSON-safe.
        for row in rows {
            #expect(row.components(separatedBy: "<button").count == 2)
            #expect(!row.contains("\""))
        }
    }

    /// Contacts whose fields hold what escaping and folding must both get right.
    private let awkward = [
        ContactFields(
            firstName: "Zoë <\"Jo\">", lastName: "O'Brien & Søn", email: "zoe.obrien@example.com",
            phone: "+1 (555) 123-4567", favorite: true),
        ContactFields(firstName: "Strauß\u{2028}", lastName: "", email: "", phone: "555"),
    ]

    @Test func withoutASearchARowIsWhatItWasBeforeHighlights() throws {
        let rows = try renderedRows(awkward)
        // The class is the palette's, from the id; the rest is the fragment as it was.
        let tails = rows.map { String($0[$0.range(of: " aria-hidden")!.lowerBound...]) }
        #expect(
            tails[0]
                == " aria-hidden=true dir=auto>ZO</span><p dir=auto>Zoë &lt;&quot;Jo&quot;&gt; <b>O&#39;Brien &amp; Søn</b>"
                + "<p><i dir=auto>zoe.obrien@example.com</i> <i>+1 (555) 123-4567</i></p>"
                + "<button data-action=favorite aria-pressed=true aria-labelledby=fav tabindex=-1></button>")
        #expect(
            tails[1]
                == " aria-hidden=true dir=auto>S</span><p dir=auto>Strauß\\u2028<p><i dir=auto></i> <i>555</i></p>"
                + "<button data-action=favorite aria-pressed=false aria-labelledby=fav tabindex=-1></button>"
        )
        // A search that matches nothing shown writes the same bytes.
        #expect(try renderedRows(awkward, highlight: SearchHighlight(words: ["qqq", "x"])) == rows)
    }

    @Test func aSearchMarksTheShownFieldsWithBalancedMarksAndKeepsThemEscaped() throws {
        let plain = try renderedRows(awkward)
        let rows = try renderedRows(
            awkward, highlight: SearchHighlight(query: "zo o'brien jo ß 5551 55 son")!)
        #expect(
            rows[0].contains(
                "<p dir=auto><mark>Zo</mark>ë &lt;&quot;<mark>Jo</mark>&quot;&gt; "
                    + "<b><mark>O</mark>&#39;<mark>Brien</mark> &amp; <mark>Søn</mark></b>"
                    + "<p><i dir=auto><mark>zo</mark>e.<mark>obrien</mark>@example.com</i> "
                    + "<i>+1 (<mark>555) 1</mark>23-4567</i></p>"),
            "\(rows[0])")
        // "5551" needs 4 digits; "55" starts the phone's one word.
        #expect(
            rows[1].contains("<p dir=auto>Strauß\\u2028<p><i dir=auto></i> <i><mark>55</mark>5</i></p>"),
            "\(rows[1])")
        for (row, before) in zip(rows, plain) {
            // Marks open and close in turn, never nest, and take nothing else away.
            let tags = row.matches(of: /<\/?mark>/).map { String($0.output) }
            #expect(!tags.isEmpty)
            #expect(tags == Array(repeating: ["<mark>", "</mark>"], count: tags.count / 2).flatMap { $0 })
            let unmarked = row.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(
                of: "</mark>", with: "")
            #expect(unmarked == before)
            // The avatar and the star are as they were.
            #expect(
                row.prefix(upTo: row.range(of: "</span>")!.upperBound)
                    == before.prefix(upTo: before.range(of: "</span>")!.upperBound))
            #expect(row.hasSuffix(before.suffix(from: before.range(of: "</i></p>")!.lowerBound)))
            #expect(!row.contains("\""))
        }
    }
}
