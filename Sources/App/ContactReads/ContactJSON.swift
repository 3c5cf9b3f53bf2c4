import Codecs
import Contacts
import HTTP

/// A contact as the contract's JSON (every field, its row, the data version it was read
/// at, its section), its ETag, and the path id rules, shared by reads and writes.
enum ContactJSON {
    /// The contact's JSON object.
    static func bytes(_ contact: Contact, version: Int, locale: ListLocale) -> [UInt8] {
        let fields = contact.fields
        var json = JSONWriter()
        json.object { json in
            json.field("id", contact.id)
            json.field("row", contact.position)
            json.field("version", version)
            json.field(
                "section", locale.titles[min(fields.sortKey(in: locale).section, locale.titles.count - 1)])
            members(of: fields, into: &json)
        }
        return json.bytes
    }

    /// Every field of `fields` as a member of the object `json` is writing (`details`
    /// as its own JSON object).
    static func members(of fields: ContactFields, into json: inout JSONWriter) {
        for field in ContactField.allCases {
            switch fields[field] {
            case .text(let text) where field.spec.isDocument:
                json.field(field.jsonKey, json: text.isEmpty ? "{}" : text)
            case .text(let text) where field.spec.isList:
                json.key(field.jsonKey)
                json.array { json in
                    for name in ContactLabels.names(text) { json.string(name) }
                }
            case .text(let text): json.field(field.jsonKey, text)
            case .boolean(let value): json.field(field.jsonKey, value)
            }
        }
    }

    /// 200 (or `status`) with the contact, its ETag, and no caching (it changes).
    static func response(_ contact: Contact, version: Int, locale: ListLocale, status: Int = 200) -> Response
    {
        var response = Response.json(bytes(contact, version: version, locale: locale))
        response.status = status
        response.headers.set("ETag", etag(contact.revision))
        response.headers.set("Cache-Control", "no-cache")
        return response
    }

    /// The strong ETag of a contact at `revision`: `"r<revision>"`.
    static func etag(_ revision: Int) -> String { "\"r\(revision)\"" }

    /// The revision an `If-Match` field names: nil without the field (or with `*`,
    /// which any existing contact matches); an ETag not of this form can match no
    /// revision, so it is a stale one (-1).
    static func revision(ifMatch field: String?) -> Int? {
        guard let field = field?.trimmingCharacters(in: .whitespaces), !field.isEmpty, field != "*" else {
            return nil
        }
        // A list of ETags: a contact has one, so the first that parses decides.
        for tag in field.split(separator: ",") {
            let tag = tag.trimmingCharacters(in: .whitespaces)
            guard tag.hasPrefix("\"r"), tag.hasSuffix("\""), tag.count > 3,
                let revision = Int(tag.dropFirst(2).dropLast())
            else { continue }
            return revision
        }
        return -1
    }

    /// The id of a `/contacts/{id}` path, or 400.
    static func id(_ text: String?) throws -> Int {
        guard let text, !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let id = Int(text)
        else {
            throw HTTPError(
                400, "invalid_parameter",
                "id must be a contact id (a whole number), not '\((text ?? "").prefix(40))'")
        }
        return id
    }

    /// 404 for contact `id`.
    static func notFound(_ id: Int) -> HTTPError {
        HTTPError(404, "not_found", "there is no contact with id \(id)")
    }
}
