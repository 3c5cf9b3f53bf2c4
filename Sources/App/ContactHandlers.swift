import HTTP
import Storage

/// `/sections`, `/contacts/{id}` and `/avatar/{id}.svg`.
final class ContactHandlers {
    private let reader: StoreReader
    private let catalog: Catalog

    init(reader: StoreReader, catalog: Catalog) {
        self.reader = reader
        self.catalog = catalog
    }

    /// All 27 sections in list order (A...Z, then #), empty ones included, with the
    /// geometry the page lays itself out by: each section's first row, top and
    /// height (px), and the list's total and content height, all of one data version.
    func sections(_ request: Request) throws -> Response {
        let snapshot = catalog.current
        let layout = snapshot.layout
        var json = JSONWriter(capacity: 4096)
        json.object { json in
            json.field("version", snapshot.version)
            json.field("total", layout.totalRows)
            json.field("contentHeight", layout.contentHeight)
            json.key("sections")
            json.array { json in
                for section in snapshot.sections {
                    json.object { json in
                        json.field("title", section.title)
                        json.field("rows", section.rows)
                        json.field("firstRow", layout.firstRow(ofSection: section.index))
                        json.field("top", layout.top(ofSection: section.index))
                        json.field("height", layout.height(ofSection: section.index))
                    }
                }
            }
        }
        return .json(json.bytes)
    }

    /// One contact, every field.
    func contact(_ request: Request) throws -> Response {
        let contact = try find(request.parameters["id"])
        let fields = contact.fields
        var json = JSONWriter()
        json.object { json in
            json.field("id", contact.id)
            json.field("row", contact.position)
            json.field("section", SectionInfo.titles[fields.sortKey.section])
            for field in ContactField.allCases {
                switch fields[field] {
                case .text(let text): json.field(field.jsonKey, text)
                case .boolean(let value): json.field(field.jsonKey, value)
                }
            }
        }
        return .json(json.bytes)
    }

    /// The contact's initials on its colour, cacheable for a day.
    func avatar(_ request: Request) throws -> Response {
        let contact = try find(request.parameters["id"])
        return Response(
            headers: ["Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400"],
            body: CellRenderer.avatar(contact))
    }

    private func find(_ text: String?) throws -> Contact {
        guard let text, !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let id = Int(text)
        else {
            throw HTTPError(
                400, "invalid_parameter",
                "id must be a contact id (a whole number), not '\((text ?? "").prefix(40))'")
        }
        // Read at least the version the client's list came from.
        try reader.pin(to: catalog.version)
        guard let contact = try reader.store.contact(id: id) else {
            throw HTTPError(404, "not_found", "there is no contact with id \(id)")
        }
        return contact
    }
}
