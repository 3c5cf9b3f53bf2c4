import Codecs
import Contacts
import HTTP
import Phones
import Requests

/// `/sections`, `/contacts/{id}` and `/avatar/{id}.svg`.
final class ContactHandlers {
    private let reader: StoreReader
    private let catalog: Catalog
    private let searches: SearchCache
    /// The list's phone region: for phone queries and how phones are shown.
    private let region: PhoneRegion

    init(reader: StoreReader, catalog: Catalog, searches: SearchCache, region: PhoneRegion) {
        self.reader = reader
        self.catalog = catalog
        self.searches = searches
        self.region = region
    }

    /// The shown sections in list order (the locale's own labels, others holding contacts, then
    /// #), empty ones included, with the
    /// geometry the page lays itself out by: each section's first row, top and
    /// height (px), and the list's total and content height, all of one data version;
    /// with `q`, `filter` or `label`, of that filtered list (as `/window` lays it out).
    func sections(_ request: Request) throws -> Response {
        var filter = ListFilter()
        var seen: Set<String> = []
        for (name, value) in try request.queryItems() {
            guard seen.insert(name).inserted else {
                throw HTTPError(400, "invalid_parameter", "\(name) is given more than once; send it once")
            }
            switch name {
            case "q": filter.words = try WindowQuery.search(value, region: region)
            case "filter": filter.favorites = try ListFilter.view(value)
            case "label": filter.label = try ListFilter.label(value)
            default:
                throw HTTPError(
                    400, "invalid_parameter",
                    "unknown parameter '\(name.prefix(40))': /sections takes only q, filter and label")
            }
        }
        let whole = try reader.newestSnapshot()
        let snapshot = try searches.results(for: filter, in: whole, reading: reader.store)
        let layout = snapshot.layout
        var json = JSONWriter(capacity: 4096)
        json.object { json in
            json.field("version", snapshot.version)
            json.field("locale", reader.store.locale.tag)
            json.field("total", layout.totalRows)
            json.field("contentHeight", layout.contentHeight)
            json.key("sections")
            json.array { json in
                for section in snapshot.shown.map({ snapshot.sections[$0] }) {
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

    /// `GET /labels`: every label the list's contacts hold, with how many hold it,
    /// sorted by name (folded), of the newest version.
    func labels(_ request: Request) throws -> Response {
        if let (name, _) = try request.queryItems().first {
            throw HTTPError(
                400, "invalid_parameter", "unknown parameter '\(name.prefix(40))': /labels takes none")
        }
        let snapshot = try reader.newestSnapshot()
        let counts = try reader.store.labelCounts()
        var json = JSONWriter(capacity: 256 + counts.count * 32)
        json.object { json in
            json.field("version", snapshot.version)
            json.key("labels")
            json.array { json in
                for label in counts {
                    json.object { json in
                        json.field("name", label.name)
                        json.field("count", label.count)
                    }
                }
            }
        }
        var response = Response.json(json.bytes)
        response.headers.add("Cache-Control", "no-store")
        return response
    }

    /// One contact, every field, its row and the version it was read from; its
    /// revision is the ETag.
    func contact(_ request: Request) throws -> Response {
        let (contact, version) = try find(request.parameters["id"])
        return ContactJSON.response(contact, version: version, locale: reader.store.locale, region: region)
    }

    /// The contact's initials on its colour, cacheable for a day.
    func avatar(_ request: Request) throws -> Response {
        let (contact, _) = try find(request.parameters["id"])
        return Response(
            headers: ["Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400"],
            body: CellRenderer.avatar(contact))
    }

    /// The contact a path's id names, and the data version it was read at.
    private func find(_ text: String?) throws -> (Contact, Int) {
        let id = try ContactJSON.id(text)
        // Read at least the version the client's list came from.
        let snapshot = try reader.newestSnapshot()
        guard let contact = try reader.store.contact(id: id, in: snapshot.order) else {
            throw ContactJSON.notFound(id)
        }
        return (contact, snapshot.version)
    }
}
