import HTTP
import Storage

/// The HTML fragments of the list's cells: every value from the database is
/// escaped; the markup is what Public/app.css styles.
enum CellRenderer {
    /// A contact row: avatar, name (last name in bold), then e-mail and phone.
    /// Kept small (styles hang on the slot's `data-kind`; end tags the parser
    /// implies are left out; attribute values need no quotes): every byte is
    /// rendered, compressed and sent for each row that scrolls in. Values are
    /// escaped for HTML and JSON at once, so the fragment goes into the window
    /// JSON as it is written.
    static func contact(_ row: ContactCursor, into html: inout [UInt8]) {
        let first = row.bytes(.firstName)
        let last = row.bytes(.lastName)
        html.append(contentsOf: "<img src=/avatar/".utf8)
        JSONWriter.appendDecimal(row.id, to: &html)
        html.append(contentsOf: ".svg alt><p>".utf8)
        if !first.isEmpty {
            HTMLEscaping.appendForJSON(first, to: &html)
            if !last.isEmpty { html.append(0x20) }
        }
        if !last.isEmpty {
            html.append(contentsOf: "<b>".utf8)
            HTMLEscaping.appendForJSON(last, to: &html)
            html.append(contentsOf: "</b>".utf8)
        }
        html.append(contentsOf: "<p><i>".utf8)
        HTMLEscaping.appendForJSON(row.bytes(.email), to: &html)
        html.append(contentsOf: "</i> <i>".utf8)
        HTMLEscaping.appendForJSON(row.bytes(.phone), to: &html)
        html.append(contentsOf: "</i>".utf8)
    }

    /// A section header, escaped for HTML and JSON like `contact`.
    static func header(title: String, into html: inout [UInt8]) {
        html.append(contentsOf: "<h2>".utf8)
        HTMLEscaping.appendForJSON(title, to: &html)
        html.append(contentsOf: "</h2>".utf8)
    }

    /// A contact's initials (first letters of first and last name, upper case).
    static func initials(_ fields: ContactFields) -> String {
        let letters = [fields.firstName, fields.lastName].compactMap { name in
            name.first(where: { $0.isLetter || $0.isNumber || $0.unicodeScalars.first!.properties.isEmoji })
        }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    /// An SVG avatar: the initials on a colour of the contact's own.
    static func avatar(_ contact: Contact) -> [UInt8] {
        let hue = Int((UInt64(truncatingIfNeeded: contact.id) &* 0x9E37_79B9_7F4A_7C15) >> 55) % 360
        var svg: [UInt8] = []
        svg.append(
            contentsOf:
                #"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">"#.utf8)
        svg.append(contentsOf: #"<circle cx="40" cy="40" r="40" fill="hsl(\#(hue),55%,45%)"/>"#.utf8)
        svg.append(
            contentsOf:
                #"<text x="40" y="40" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="32" fill="white">"#
                .utf8)
        HTMLEscaping.append(initials(contact.fields), to: &svg)
        svg.append(contentsOf: "</text></svg>".utf8)
        return svg
    }
}
