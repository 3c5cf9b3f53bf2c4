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
    static func contact(_ row: ContactCursor, into html: inout ByteBuffer) {
        let first = row.bytes(.firstName)
        let last = row.bytes(.lastName)
        html.append("<img src=/avatar/" as StaticString)
        JSONWriter.withDecimal(row.id) { html.append($0) }
        html.append(".svg alt><p>" as StaticString)
        if !first.isEmpty {
            HTMLEscaping.appendForJSON(first, to: &html)
            if !last.isEmpty { html.append(0x20) }
        }
        if !last.isEmpty {
            html.append("<b>" as StaticString)
            HTMLEscaping.appendForJSON(last, to: &html)
            html.append("</b>" as StaticString)
        }
        html.append("<p><i>" as StaticString)
        HTMLEscaping.appendForJSON(row.bytes(.email), to: &html)
        html.append("</i> <i>" as StaticString)
        HTMLEscaping.appendForJSON(row.bytes(.phone), to: &html)
        html.append("</i>" as StaticString)
    }

    /// A section header, escaped for HTML and JSON like `contact`.
    static func header(title: String, into html: inout ByteBuffer) {
        html.append("<h2>" as StaticString)
        HTMLEscaping.appendForJSON(title, to: &html)
        html.append("</h2>" as StaticString)
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
        var svg = ByteBuffer(capacity: 512)
        svg.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">"#)
        svg.append(#"<circle cx="40" cy="40" r="40" fill="hsl(\#(hue),55%,45%)"/>"#)
        svg.append(
            #"<text x="40" y="40" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="32" fill="white">"#
                as StaticString)
        HTMLEscaping.append(initials(contact.fields), to: &svg)
        svg.append("</text></svg>" as StaticString)
        return svg.array
    }
}
