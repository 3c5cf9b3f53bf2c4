import Codecs
import Foundation

/// A `/window` answer as the list's slots in plain HTML, as Public/list/slots.js makes
/// them (the same `data-` attributes, roles and cell markup), in the order of their tops:
/// without a script, or before one runs, they lie one under the other at their heights
/// (app.css lays a slot the script has not placed yet in the flow), and the page's
/// script takes them as its slot nodes.
enum PageRows {
    /// Appends the slots of `window` (a `/window` answer's JSON); nothing when it is not one.
    static func append(window: [UInt8], to html: inout ByteBuffer) {
        guard let answer = try? JSONSerialization.jsonObject(with: Data(window)) as? [String: Any],
            let cells = answer["cells"] as? [[String: Any]]
        else { return }
        let top = { (cell: [String: Any]) in (cell["top"] as? NSNumber)?.doubleValue ?? 0 }
        let ordered = cells.sorted { top($0) < top($1) }
        for cell in ordered {
            guard let slot = cell["slot"] as? Int, let kind = cell["kind"] as? String,
                let fragment = cell["html"] as? String
            else { continue }
            html.append("<div class=\"slot\" data-slot=\"\(slot)\" id=\"slot-\(slot)\" data-kind=\"")
            TextEscaping.append(kind, as: .html, to: &html)
            if kind == "contact", let row = cell["row"] as? Int {
                let contact = cell["contact"] as? [String: Any] ?? [:]
                let id = contact["id"] as? Int
                html.append("\" data-row=\"\(row)\" data-id=\"\(id.map(String.init) ?? "")\" role=\"row\"")
                html.append(" aria-rowindex=\"\(row + 1)\" aria-label=\"")
                TextEscaping.append(label(contact), as: .html, to: &html)
                html.append("\"><div class=\"cell\" role=\"gridcell\">" as StaticString)
            } else {
                let section = cell["section"] as? Int ?? 0
                html.append("\" data-section=\"\(section)\" role=\"presentation\" aria-hidden=\"true\">")
                html.append("<div class=\"cell\" role=\"presentation\">" as StaticString)
            }
            html.append(fragment)  // escaped by the server's CellRenderer already
            html.append("</div></div>\n" as StaticString)
        }
    }

    /// A row's accessible name, as list/slots.js writes it: the names, then e-mail and phone.
    static func label(_ contact: [String: Any]) -> String {
        let names = ["first_name", "last_name"].compactMap { contact[$0] as? String }.filter { !$0.isEmpty }
        var text = names.joined(separator: " ")
        for field in ["email", "phone"] {
            if let value = contact[field] as? String, !value.isEmpty { text += ", " + value }
        }
        return text
    }
}
