import Codecs
import Contacts
import HTTP
import Phones

/// A contact as the contract's JSON (every field, its row, the data version it was read
/// at, its section, its phones' E.164 and display forms), its ETag, and the path id
/// rules, shared by reads and writes.
enum ContactJSON {
    /// The contact's JSON object, its section in `locale`, its phones shown to a reader in `region`.
    static func bytes(_ contact: Contact, version: Int, locale: ListLocale, region: PhoneRegion) -> [UInt8] {
        let fields = contact.fields
        var json = JSONWriter()
        json.object { json in
            json.field("id", contact.id)
            json.field("row", contact.position)
            json.field("version", version)
            json.field(
                "section", locale.titles[min(fields.sortKey(in: locale).section, locale.titles.count - 1)])
            members(of: fields, region: region, id: contact.id, into: &json)
        }
        return json.bytes
    }

    /// Every field of `fields` as a member of the object `json` is writing (`details`
    /// as its own JSON object); with a `region`, the phones' forms too
    /// (`phone_e164` and `phone_display` after `phone`, `e164` and `display` in
    /// each item of the details' `phones`: docs/api.md, "Phone numbers").
    static func members(
        of fields: ContactFields, region: PhoneRegion?, id: Int? = nil, into json: inout JSONWriter
    ) {
        for field in ContactField.allCases {
            switch fields[field] {
            case .text(let digest) where field.spec.isPhoto:
                // The stored photo as the URL of its thumbnails (docs/api.md, "Photos"), or null.
                json.key(field.jsonKey)
                if digest.isEmpty {
                    json.null()
                } else {
                    json.object { json in json.field("url", StoredPhoto.path(of: digest)) }
                }
            case .text(let text) where field.spec.isDocument:
                json.field(field.jsonKey, json: details(text, region: region))
            case .text(let text) where field == .phone && region != nil:
                json.field(field.jsonKey, text)
                let forms = region.flatMap { phoneForms(text, region: $0) }
                json.key("phone_e164")
                if let forms { json.string(forms.e164) } else { json.null() }
                json.key("phone_display")
                if let forms { json.string(forms.display) } else { json.null() }
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

    /// A phone's E.164 form and that form shown to a reader in `region`, or nil
    /// when it has none (not a possible number: `PhoneNumbers.e164`).
    static func phoneForms(_ phone: String, region: PhoneRegion) -> (e164: String, display: String)? {
        guard let e164 = PhoneNumbers.e164(phone, region: region) else { return nil }
        return (e164, PhoneNumbers.display(e164, for: region) ?? e164)
    }

    /// The `details` object's text (`{}` for none), each of its phones with its forms in `region`.
    private static func details(_ text: String, region: PhoneRegion?) -> String {
        guard !text.isEmpty else { return "{}" }
        guard let region, text.contains("\"phones\""), let details = try? ContactDetails(json: text) else {
            return text
        }
        return details.json { phone, json in
            let forms = phoneForms(phone, region: region)
            json.key("e164")
            if let forms { json.string(forms.e164) } else { json.null() }
            json.key("display")
            if let forms { json.string(forms.display) } else { json.null() }
        }
    }

    /// 200 (or `status`) with the contact (its phones shown in `region`), its ETag, and no caching (it changes).
    static func response(
        _ contact: Contact, version: Int, locale: ListLocale, region: PhoneRegion, status: Int = 200
    ) -> Response {
        var response = Response.json(bytes(contact, version: version, locale: locale, region: region))
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
