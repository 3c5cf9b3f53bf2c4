import Codecs
import Contacts
import HTTP
import ReuseEngine

/// Writes a `WindowUpdate` as the window JSON of docs/api.md, "GET /window".
struct WindowRenderer {

    let snapshot: ListSnapshot
    /// The layout the session stepped on: the snapshot's, with the session's expanded rows.
    let layout: ListLayout
    /// The contacts of the update's rows, read in row order as the cells are written.
    let contacts: (any ContactRows)?
    /// The search whose matches are marked in the fragments, if any.
    var highlight: SearchHighlight? = nil
    /// What the slots show at the update's base (`ShownContent`, by slot): a
    /// refresh whose cell digest equals its slot's is left out. Nil: every cell is written.
    var shown: [UInt64]? = nil
    /// The lines of each expanded contact (`ExpandedLines`), by id: its cell says
    /// `"expanded": true` and its fragment shows them.
    var expanded: [Int: [String]] = [:]

    /// The window JSON of `update`, laid out at `offset` (the handler's to decide:
    /// the requested offset, or a row's top), for session `session`; `row` is the
    /// row `row=` or `name=` placed it by (nil for `offset=`); with `beyond`, the
    /// geometry of the items past the window too.
    func render(
        _ update: WindowUpdate, session: String, offset: Double, row: Int? = nil, beyond: Beyond? = nil
    ) throws -> [UInt8] {
        var sent: [(slot: Int, digest: UInt64)] = []
        return try render(update, session: session, offset: offset, row: row, beyond: beyond, sent: &sent)
    }

    /// `render`, also giving the digest of each contact cell written or left out
    /// as unchanged in `sent`.
    func render(
        _ update: WindowUpdate, session: String, offset: Double, row: Int? = nil, beyond: Beyond? = nil,
        sent: inout [(slot: Int, digest: UInt64)]
    ) throws -> [UInt8] {
        var json = JSONWriter(capacity: 1024 + update.cells.count * 700)
        try json.object { json in
            json.field("session", session)
            json.field("seq", update.seq)
            json.field("version", snapshot.version)
            json.field("offset", offset)
            json.field("row", row)
            json.field("base", update.base)
            json.field("full", update.isFull)
            json.field("total", layout.totalRows)
            json.field("contentHeight", layout.contentHeight)
            let rows = layout.rows(in: update.visible)
            json.field("first", rows?.lowerBound)
            json.field("last", rows?.upperBound)
            if let beyond {
                let sides = beyond.sides(of: update.visible, in: layout)
                json.key("beyond")
                json.object { json in
                    Self.side(sides.above, named: "above", into: &json)
                    Self.side(sides.below, named: "below", into: &json)
                }
            }
            json.key("cells")
            try json.array { json in
                for cell in update.cells { try cellJSON(cell, into: &json, sent: &sent) }
            }
            json.key("released")
            json.array { json in
                for slot in update.released { json.integer(slot) }
            }
            if !update.deleted.isEmpty {
                json.key("deleted")
                json.array { json in
                    for slot in update.deleted { json.integer(slot) }
                }
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
        return json.bytes
    }

    /// One side of `beyond`: `{"top": T, "runs": [[height, count], ...]}`, or null.
    private static func side(_ side: Beyond.Side?, named name: StaticString, into json: inout JSONWriter) {
        json.key(name)
        guard let side else { return json.null() }
        json.object { json in
            json.field("top", side.top)
            json.key("runs")
            json.array { json in
                for run in side.runs {
                    json.array { json in
                        json.integer(run.height)
                        json.integer(run.count)
                    }
                }
            }
        }
    }

    /// The fields a cell's `contact` carries (docs/api.md, "GET /window"), in order:
    /// `ContactField`'s table.
    private static let contactFields = ContactField.windowFields.map { ($0, $0.jsonKey, $0.kind) }

    /// One cell, written as literal runs and values: the hot path of every window.
    private func cellJSON(
        _ cell: WindowCell, into json: inout JSONWriter, sent: inout [(slot: Int, digest: UInt64)]
    ) throws {
        let item = cell.item
        // Cells come in display order, so contact rows only move forward.
        let found = try item.row.map { try contacts?.move(to: $0) ?? false } ?? false
        let lines = found ? contacts.flatMap { expanded[$0.id] } : nil
        if item.kind == .contact, found, let contacts {
            let digest = ShownContent.digest(of: item, rows: contacts, lines: lines)
            sent.append((cell.slot, digest))
            // The slot already shows this very cell: nothing to send.
            if cell.refresh, let shown, cell.slot < shown.count, shown[cell.slot] == digest { return }
        }
        json.object { json in
            json.literal("\"slot\":")
            json.rawInteger(cell.slot)
            switch item.kind {
            case .contact:
                json.literal(",\"kind\":\"contact\",\"row\":")
                json.rawInteger(item.row ?? 0)
                json.literal(",\"section\":")
                json.rawInteger(snapshot.shownPlace[item.section])
                json.literal(",\"item\":")
                json.rawInteger(item.item ?? 0)
            case .header:
                json.literal(",\"kind\":\"header\",\"section\":")
                json.rawInteger(snapshot.shownPlace[item.section])
            }
            json.literal(",\"top\":")
            json.rawInteger(item.top)
            json.literal(",\"height\":")
            json.rawInteger(item.height)
            json.literal(cell.reused ? ",\"reused\":true" : ",\"reused\":false")
            if lines != nil { json.literal(",\"expanded\":true") }
            switch cell.change {
            case nil: break
            case .insert: json.literal(",\"change\":\"insert\"")
            case .move: json.literal(",\"change\":\"move\"")
            case .update: json.literal(",\"change\":\"update\"")
            }
            switch item.kind {
            case .contact:
                guard found, let contact = contacts else {
                    // The row vanished between layout and read (data changed): say so plainly.
                    json.literal(",\"contact\":null,\"html\":\"\"")
                    break
                }
                json.literal(",\"contact\":{\"id\":")
                json.rawInteger(contact.id)
                json.endRawValue()
                for (field, key, kind) in Self.contactFields {
                    json.key(key)  // `,"name":` after the value before
                    switch kind {
                    case .text: json.rawString(utf8: contact.bytes(field))
                    case .boolean: json.literal(contact.bool(field) ? "true" : "false")
                    }
                    json.endRawValue()
                }
                // A stored photo: the URL of its thumbnails, naming the photo alone (docs/api.md,
                // "Photos"); no key without one.
                let photo = contact.bytes(.photo)
                if !photo.isEmpty {
                    json.literal(",\"photo\":")
                    json.rawString(escapedContent: { out in
                        out.append("/photos/" as StaticString)
                        out.append(photo)
                    })
                }
                json.literal("},\"html\":")
                json.rawString(escapedContent: {
                    CellRenderer.contact(contact, highlight: highlight, expanded: lines, into: &$0)
                })
            case .header:
                let title = snapshot.sections[item.section].title
                json.literal(",\"header\":{\"title\":")
                json.rawString(title)
                json.literal("},\"html\":")
                json.rawString(escapedContent: { CellRenderer.header(title: title, into: &$0) })
            }
            json.endRawValue()
        }
    }
}
