import Codecs

/// A `/window` answer as the list's slots in plain HTML, as Public/list/slots.js makes
/// them (the same `data-` attributes, roles and cell markup), in the order of their tops:
/// without a script, or before one runs, they lie one under the other at their heights
/// (app.css lays a slot the script has not placed yet in the flow), and the page's
/// script takes them as its slot nodes.
enum PageRows {
    /// Appends the slots of `window` (a `/window` answer's JSON); nothing when it is not one.
    static func append(window: [UInt8], to html: inout ByteBuffer) {
        guard let answer = try? JSONReader.read(window), case .array(let cells)? = answer["cells"] else {
            return
        }
        for cell in cells {  // a full window's cells come in display order (WindowUpdate.cells)
            guard let slot = integer(cell["slot"]), let kind = text(cell["kind"]),
                let fragment = text(cell["html"])
            else { continue }
            html.append("<div class=\"slot\" data-slot=\"\(slot)\" id=\"slot-\(slot)\" data-kind=\"")
            TextEscaping.append(kind, as: .html, to: &html)
            if kind == "contact", let row = integer(cell["row"]) {
                let contact = cell["contact"] ?? .object([])
                let id = integer(contact["id"])
                html.append("\" data-row=\"\(row)\" data-id=\"\(id.map(String.init) ?? "")\" role=\"row\"")
                // A first window's session has expanded nothing yet.
                html.append(" aria-rowindex=\"\(row + 1)\" aria-expanded=\"false\" aria-label=\"")
                TextEscaping.append(label(contact), as: .html, to: &html)
                html.append("\"><div class=\"cell\" role=\"gridcell\">" as StaticString)
            } else {
                let section = integer(cell["section"]) ?? 0
                html.append("\" data-section=\"\(section)\" role=\"presentation\" aria-hidden=\"true\">")
                html.append("<div class=\"cell\" role=\"presentation\">" as StaticString)
            }
            html.append(fragment)  // escaped by the server's CellRenderer already
            html.append("</div></div>\n" as StaticString)
        }
    }

    /// A row's accessible name, as list/slots.js writes it: the names, then e-mail and phone.
    static func label(_ contact: JSONValue) -> String {
        let names = ["first_name", "last_name"].compactMap { text(contact[$0]) }.filter { !$0.isEmpty }
        var label = names.joined(separator: " ")
        for field in ["email", "phone"] {
            if let value = text(contact[field]), !value.isEmpty { label += ", " + value }
        }
        return label
    }

    private static func text(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { text } else { nil }
    }

    private static func integer(_ value: JSONValue?) -> Int? {
        if case .number(let number)? = value { number.intValue } else { nil }
    }
}
