import HTTP
import ReuseEngine
import Storage

/// Writes a `WindowUpdate` as API.md's window JSON.
struct WindowRenderer {
    /// The contact fields a cell carries, by JSON name.
    static let contactFields: [(StaticString, ContactField)] = [
        ("first_name", .firstName), ("last_name", .lastName), ("email", .email), ("phone", .phone),
        ("company", .company), ("city", .city),
    ]

    let snapshot: ListSnapshot
    /// The contacts of the update's rows, read in row order as the cells are written.
    let contacts: ContactCursor?

    func render(_ update: WindowUpdate, session: String) throws -> [UInt8] {
        var failure: (any Error)?
        let layout = snapshot.layout
        var json = JSONWriter(capacity: 1024 + update.cells.count * 700)
        json.object { json in
            json.field("session", session)
            json.field("seq", update.seq)
            json.field("base", update.base)
            json.field("full", update.isFull)
            json.field("total", layout.totalRows)
            json.field("contentHeight", layout.contentHeight)
            let rows = layout.rows(in: update.visible)
            json.field("first", rows?.lowerBound)
            json.field("last", rows?.upperBound)
            json.key("cells")
            json.array { json in
                for cell in update.cells {
                    do {
                        try cellJSON(cell, into: &json)
                    } catch {
                        failure = error
                    }
                }
            }
            json.key("released")
            json.array { json in
                for slot in update.released { json.integer(slot) }
            }
            json.key("stats")
            json.object { json in
                json.key("created")
                json.object { json in
                    json.field("contact", update.stats.created.contact)
                    json.field("header", update.stats.created.header)
                }
                json.field("visible", update.stats.visible)
                json.field("pooled", update.stats.pooled)
            }
        }
        if let failure { throw failure }
        return json.bytes
    }

    private func cellJSON(_ cell: WindowCell, into json: inout JSONWriter) throws {
        let item = cell.item
        // Cells come in display order, so contact rows only move forward.
        let found = try item.row.map { try contacts?.move(to: $0) ?? false } ?? false
        json.object { json in
            json.field("slot", cell.slot)
            json.field("kind", item.kind.description)
            if let row = item.row { json.field("row", row) }
            json.field("section", item.section)
            if let index = item.item { json.field("item", index) }
            json.field("top", item.top)
            json.field("height", item.height)
            json.field("reused", cell.reused)
            switch item.kind {
            case .contact:
                guard found, let contact = contacts else {
                    // The row vanished between layout and read (data changed): say so plainly.
                    json.key("contact")
                    json.null()
                    json.field("html", "")
                    return
                }
                json.key("contact")
                json.object { json in
                    json.field("id", contact.id)
                    for (name, field) in Self.contactFields {
                        json.key(name)
                        json.string(utf8: contact.bytes(field))
                    }
                }
                json.key("html")
                json.string(escapedContent: { CellRenderer.contact(contact, into: &$0) })
            case .header:
                let title = snapshot.sections[item.section].title
                json.key("header")
                json.object { $0.field("title", title) }
                json.key("html")
                json.string(escapedContent: { CellRenderer.header(title: title, into: &$0) })
            }
        }
    }
}
