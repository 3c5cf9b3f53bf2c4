import Codecs
import Contacts
import HTTP

/// `POST /import/preview`: what an import of a file would do, before anything is
/// written. The body is the file's start (the page sends its first 256 KB; `?whole=1`
/// says it is all of it); the answer names the kind of file, its encoding,
/// delimiter and layout, how each column maps to a field or is kept as extra, and
/// the first contacts as they would be stored (or the errors of rows that cannot
/// be). Nothing is written; it is authorized as an import is.
enum ImportPreview {
    /// One row shown: the contact it would be, or why it cannot be.
    enum Row {
        case contact(ContactCard)
        case error(String)
    }

    /// The largest start of a file a preview reads.
    static let maxBodyBytes = 1 << 20
    /// Contacts shown.
    static let rowLimit = 5

    static func respond(_ request: Request, context: ImportContext) throws -> Response {
        try context.authorize(request)
        var whole = false
        for (name, value) in try request.queryItems() {
            guard name == "whole", value == "1" || value == "0" else {
                throw HTTPError(
                    400, "invalid_parameter",
                    "/import/preview takes whole=1 (the body is the whole file) only")
            }
            whole = value == "1"
        }
        let body = request.body
        switch ContactFileSniffer.sniff(prefix: body, isWholeFile: whole) {
        case .refused(let refusal):
            throw HTTPError(422, "invalid_csv", refusal.message)
        case .csv(let dialect):
            let preview = ContactFilePreview(
                dialect: dialect, prefix: body, isWholeFile: whole, rowLimit: rowLimit)
            let rows: [Row] = preview.rows.map { row in
                switch row {
                case .card(_, let card): .contact(card)
                case .error(let error): .error(error.description)
                }
            }
            return .json(
                json(
                    kind: "csv", encoding: preview.encoding, delimiter: preview.delimiter,
                    layout: preview.layout,
                    columns: preview.columns.map { ($0.header, $0.field, $0.keptAsExtra) }, rows: rows))
        case .vcard(let encoding):
            var rows: [Row] = []
            var reader = VCardReader()
            var transcoder = UTF8Transcoder(encoding)
            let take: (VCardReader.Item) -> Void = { item in
                guard rows.count < rowLimit else { return }
                switch item {
                case .card(_, let card): rows.append(.contact(card))
                case .error(let error): rows.append(.error(error.description))
                }
            }
            body.withUnsafeBytes { bytes in transcoder.feed(bytes) { reader.feed($0, take) } }
            if whole {
                transcoder.finish { reader.feed($0, take) }
                reader.finish(take)
            }
            return .json(
                json(
                    kind: "vcard", encoding: encoding.name, delimiter: nil, layout: "vCard", columns: [],
                    rows: rows))
        }
    }

    /// The answer's JSON; each row is a contact as `GET /contacts/{id}` gives its
    /// fields and details, or {"error": ...}.
    private static func json(
        kind: String, encoding: String, delimiter: String?, layout: String,
        columns: [(header: String, field: String, extra: Bool)], rows: [Row]
    ) -> [UInt8] {
        var json = JSONWriter()
        json.object { json in
            json.field("kind", kind)
            json.field("encoding", encoding)
            json.key("delimiter")
            if let delimiter { json.string(delimiter) } else { json.literal("null") }
            json.endRawValue()
            json.field("layout", layout)
            json.key("columns")
            json.array { json in
                for column in columns {
                    json.object { json in
                        json.field("header", column.header)
                        json.field("field", column.field)
                        json.field("extra", column.extra)
                    }
                }
            }
            json.key("rows")
            json.array { json in
                for row in rows {
                    json.object { json in
                        switch row {
                        case .error(let message): json.field("error", message)
                        case .contact(let card):
                            var (fields, details) = card.split()
                            fields.details = details.json
                            ContactJSON.members(of: fields, region: nil, into: &json)
                        }
                    }
                }
            }
        }
        return json.bytes
    }
}
