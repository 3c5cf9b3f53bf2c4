import Codecs
import Contacts
import HTTP

/// The HTML fragments of the list's cells: every value from the database is
/// escaped; the markup is what Public/app.css styles.
enum CellRenderer {
    /// Avatar colours as CSS `hsl()` components (hue, saturation %, lightness %):
    /// class `aK` of the page's stylesheet has `palette[K]` (its Content-Security-
    /// Policy allows no inline style, so a row names its class), and the SVG avatar
    /// of the detail pane is filled with the same one. Each is dark enough for white
    /// initials at 4.5:1 or more. (CellRendererTests checks app.css against it.)
    static let palette: [(hue: Int, saturation: Int, lightness: Int)] = [
        (15, 55, 45), (45, 55, 35), (75, 50, 32), (105, 45, 35), (135, 45, 35), (165, 55, 33),
        (195, 55, 38), (225, 55, 48), (255, 55, 52), (285, 55, 45), (315, 55, 45), (345, 55, 45),
    ]
    static var paletteSize: Int { palette.count }

    /// A contact row: avatar, name (last name in bold), e-mail and phone, the
    /// favourite star (`aria-pressed` from the row, so a reused slot shows the star
    /// of the contact it shows now, never of the one before), then one `<div>` per
    /// line of notes the row shows (`NoteLines`: its height counts them; app.css
    /// keeps each to one line).
    /// The avatar is the initials in a span coloured by a palette class, drawn by
    /// CSS: an image per row would cost the browser an SVG document each, on its
    /// main thread, for every row that scrolls in.
    /// Kept small (styles hang on the slot's `data-kind`; end tags the parser
    /// implies are left out; attribute values need no quotes): every byte is
    /// rendered, compressed and sent for each row that scrolls in. Values are
    /// escaped for HTML and JSON at once, so the fragment goes into the window
    /// JSON as it is written.
    /// People's text (the initials, the names, the e-mail, each line of notes) is in an
    /// element with `dir=auto`: Arabic or Hebrew reads right to left in a left-to-right page.
    /// With a search's `highlight`, what it matches in the names, e-mail and phone
    /// is wrapped in `<mark>` (never in the initials or attributes), in the names also what
    /// it matched through their readings (`SearchHighlight.nameRanges`); without one,
    /// fields are only escaped.
    /// An expanded row (`expanded`: its `ExpandedLines`) ends with one `<div>` per line,
    /// after the notes', so that its height counts them too.
    static func contact(
        _ row: any ContactRows, highlight: SearchHighlight? = nil, expanded: [String]? = nil,
        into html: inout ByteBuffer
    ) {
        let first = row.bytes(.firstName)
        let last = row.bytes(.lastName)
        html.append("<span class=a" as StaticString)
        JSONWriter.withDecimal(paletteIndex(id: row.id)) { html.append($0) }
        html.append(" aria-hidden=true dir=auto>" as StaticString)
        appendInitials(first, last, into: &html)
        html.append("</span><p dir=auto>" as StaticString)
        // The names' marks together: a word matched through their readings may span both.
        let marks = highlight?.nameRanges(first: first, last: last, details: row.bytes(.details))
        if !first.isEmpty {
            append(first, marks?.first, to: &html)
            if !last.isEmpty { html.append(0x20) }
        }
        if !last.isEmpty {
            html.append("<b>" as StaticString)
            append(last, marks?.last, to: &html)
            html.append("</b>" as StaticString)
        }
        html.append("<p><i dir=auto>" as StaticString)
        append(row.bytes(.email), .email, highlight, to: &html)
        html.append("</i> <i>" as StaticString)
        append(row.bytes(.phone), .phone, highlight, to: &html)
        html.append("</i></p>" as StaticString)
        html.append(row.bool(.favorite) ? starOn : starOff)
        let notes = row.bytes(.notes)
        if !notes.isEmpty {
            for line in NoteLines.lines(notes) {
                html.append("<div dir=auto>" as StaticString)
                for (index, word) in line.enumerated() {
                    if index > 0 { html.append(0x20) }
                    TextEscaping.append(
                        UnsafeBufferPointer(rebasing: notes[word]), as: .htmlInJSON, to: &html)
                }
                html.append("</div>" as StaticString)
            }
        }
        for line in expanded ?? [] {
            html.append("<div class=more dir=auto>" as StaticString)
            TextEscaping.append(line, as: .htmlInJSON, to: &html)
            html.append("</div>" as StaticString)
        }
    }

    /// A name, escaped, with the search's marks when there is one.
    @inline(__always)
    private static func append(
        _ text: UnsafeBufferPointer<UInt8>, _ marks: [Range<Int>]?, to html: inout ByteBuffer
    ) {
        if let marks {
            SearchHighlight.append(text, marking: marks, to: &html)
        } else {
            TextEscaping.append(text, as: .htmlInJSON, to: &html)
        }
    }

    /// A shown field's text, escaped, with the search's marks when there is one.
    @inline(__always)
    private static func append(
        _ text: UnsafeBufferPointer<UInt8>, _ field: ContactField, _ highlight: SearchHighlight?,
        to html: inout ByteBuffer
    ) {
        if let highlight {
            highlight.append(text, of: field, to: &html)
        } else {
            TextEscaping.append(text, as: .htmlInJSON, to: &html)
        }
    }

    /// The favourite toggle that ends every contact row (app.css draws the star, so
    /// the fragment carries no glyph). It is out of the tab order: the list is one
    /// tab stop whose keys move between rows, and `f` stars the focused row. Its
    /// name is the page's word for it (`id="fav"`, in the reader's language;
    /// docs/page.md, "Languages"), so one fragment serves every language.
    static let starOn: StaticString =
        "<button data-action=favorite aria-pressed=true aria-labelledby=fav tabindex=-1></button>"
    static let starOff: StaticString =
        "<button data-action=favorite aria-pressed=false aria-labelledby=fav tabindex=-1></button>"

    /// A section header, escaped for HTML and JSON like `contact`.
    static func header(title: String, into html: inout ByteBuffer) {
        html.append("<h2>" as StaticString)
        TextEscaping.append(title, as: .htmlInJSON, to: &html)
        html.append("</h2>" as StaticString)
    }

    /// A contact's initials (first letters of first and last name, upper case).
    static func initials(_ fields: ContactFields) -> String {
        let letters = [fields.firstName, fields.lastName].compactMap(initial(of:))
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    /// The initials of `first` and `last` (as `initials(_:)`), escaped for HTML in
    /// JSON. Names that start with an ASCII letter or digit (nearly all) take no
    /// string, array or case mapping: this runs for every row that scrolls in.
    static func appendInitials(
        _ first: UnsafeBufferPointer<UInt8>, _ last: UnsafeBufferPointer<UInt8>, into html: inout ByteBuffer
    ) {
        let a = asciiInitial(first)
        let b = asciiInitial(last)
        guard (first.isEmpty || a != nil) && (last.isEmpty || b != nil) else {
            let letters = [initial(of: first), initial(of: last)].compactMap { $0 }
            let text = letters.isEmpty ? "?" : String(letters).uppercased()
            return TextEscaping.append(text, as: .htmlInJSON, to: &html)
        }
        if a == nil && b == nil { return html.append(UInt8(ascii: "?")) }
        if let a { html.append(a) }
        if let b { html.append(b) }
    }

    /// The first byte of `name` in upper case when it is an ASCII letter or digit.
    private static func asciiInitial(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard let byte = name.first else { return nil }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 0x20
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return byte
        default: return nil
        }
    }

    /// The first letter, digit or emoji of a name.
    static func initial(of name: String) -> Character? {
        name.first(where: { $0.isLetter || $0.isNumber || $0.unicodeScalars.first!.properties.isEmoji })
    }

    /// `initial(of:)` for a name's UTF-8, without making a string when it starts
    /// with an ASCII letter or digit (nearly always).
    static func initial(of name: UnsafeBufferPointer<UInt8>) -> Character? {
        guard let byte = name.first else { return nil }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Character(UnicodeScalar(byte))
        default:
            return initial(of: String(decoding: name, as: UTF8.self))
        }
    }

    /// The contact's own hue (0..<360), the same for its avatar and its row.
    static func hue(id: Int) -> Int {
        Int((UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 55) % 360
    }

    /// The palette class (`a0`...) nearest the contact's hue; app.css gives
    /// class `aK` the hue K * 30 + 15.
    static func paletteIndex(id: Int) -> Int {
        hue(id: id) * paletteSize / 360
    }

    /// An SVG avatar: the initials on the colour of the contact's row (its palette class's).
    static func avatar(_ contact: Contact) -> [UInt8] {
        let colour = palette[paletteIndex(id: contact.id)]
        var svg = ByteBuffer(capacity: 512)
        svg.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">"#)
        svg.append(
            #"<circle cx="40" cy="40" r="40" fill="hsl(\#(colour.hue),\#(colour.saturation)%,\#(colour.lightness)%)"/>"#
        )
        svg.append(
            #"<text x="40" y="40" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="32" font-weight="600" fill="white">"#
                as StaticString)
        TextEscaping.append(initials(contact.fields), as: .html, to: &svg)
        svg.append("</text></svg>" as StaticString)
        return svg.array
    }
}
