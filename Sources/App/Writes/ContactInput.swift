import Codecs
import Contacts
import HTTP

/// The body of a contact write read into what the store takes: a new contact's
/// fields (`POST /contacts`) or a merge patch's changes (`PATCH /contacts/{id}`),
/// checked against `ContactField`'s table with the errors of docs/api.md, "Errors".
///
/// Every refusal is an `HTTPError` whose message says how to fix the body, and
/// whose `field` names the member at fault when there is one:
/// - 415 `unsupported_media_type`: not `application/json` or
///   `application/merge-patch+json` (parameters allowed; a charset must be UTF-8);
/// - 413 `content_too_large`: over `maxBodyBytes`;
/// - 400 `invalid_json`: not JSON (RFC 8259, read strictly by `JSONReader`: a
///   name twice is refused and named), or not an object;
/// - 400 `unknown_field`: a member that is no field (the message lists the fields);
/// - 422 `invalid_field`: a value of the wrong type (the message says which type);
/// - 422 `too_long`: text over its field's limit, counted in characters;
/// - 422 `name_required` (field `first_name`): no name, company or e-mail holds more than white space;
/// - 422 `invalid_field` (field `details`): a details object with a key it has not
///   (docs/api.md, "Contact details");
/// - 422 `invalid_field` (field `labels`): not a list of names, or a name that is empty,
///   holds a line break, is over 100 characters, or more than 50 names (`ContactLabels`);
///   `details.categories` is taken as `labels` when the body gives no `labels`;
/// - 422 `invalid_field` (field `email`, `phone` or `details`): an e-mail that does not
///   look like one, a phone without a digit (`ContactValidation`: only the fields the
///   body gives are checked, so a value stored before the rules stays as it is).
///
/// Text is taken as sent, spaces included; only the name check looks through them.
public enum ContactInput {
    /// The largest body a contact write takes (the contract: more is 413). Routes declare
    /// it as their body limit (`.buffered(limit: ContactInput.maxBodyBytes)`), so
    /// the server refuses a larger body before reading it.
    public static let maxBodyBytes = 65536

    /// The media types of a contact write: JSON, or a JSON merge patch (RFC 7396).
    public static let mediaTypes = ["application/json", "application/merge-patch+json"]

    /// A new contact's fields from a POST's body: a member per field to set,
    /// absent ones and `null` empty ("" or false).
    /// - Throws: `HTTPError` 415, 413, 400 or 422, as the type's documentation lists.
    public static func fields(from request: Request) throws(HTTPError) -> ContactFields {
        try checkMediaType(request.head)
        try checkSize(request.body)
        return try fields(fromJSON: request.body)
    }

    /// The changes of a PATCH's body (a JSON merge patch): a member per field to
    /// change, `null` clearing it. The name check is left to the caller, on the
    /// patched contact (`checkNamed(patch.applied(to: current))`).
    /// - Throws: `HTTPError` 415, 413, 400 or 422 (not `name_required`).
    public static func patch(from request: Request) throws(HTTPError) -> ContactPatch {
        try checkMediaType(request.head)
        try checkSize(request.body)
        return try patch(fromJSON: request.body)
    }

    /// `fields(from:)` of a body already known to be JSON by its media type.
    public static func fields(fromJSON body: [UInt8]) throws(HTTPError) -> ContactFields {
        var fields = ContactFields()
        for (field, value) in try values(in: body) { fields[field] = value }
        try checkNamed(fields)
        try checkRules(fields, ContactField.allCases)
        return fields
    }

    /// `patch(from:)` of a body already known to be JSON by its media type.
    public static func patch(fromJSON body: [UInt8]) throws(HTTPError) -> ContactPatch {
        var changes: [ContactField: ContactValue] = [:]
        for (field, value) in try values(in: body) { changes[field] = value }
        let patch = ContactPatch(changes)
        try checkRules(patch.applied(to: ContactFields()), patch.fields)
        return patch
    }

    /// Refuses an e-mail or phone among `checked` that breaks `ContactValidation`'s rules.
    /// - Throws: `HTTPError` 422 `invalid_field` naming the field.
    static func checkRules(_ fields: ContactFields, _ checked: [ContactField]) throws(HTTPError) {
        guard let problem = ContactValidation.problem(in: fields, checking: checked) else { return }
        throw HTTPError(422, "invalid_field", problem.description, field: problem.field.name)
    }

    /// Refuses a contact without a name, a company or an e-mail, judged as the store
    /// judges it (`ContactSortKey.isNameless`: all of them empty once white space,
    /// and what folding drops, is gone), so a
    /// contact that passes here is one the store takes.
    /// - Throws: `HTTPError` 422 `name_required`, field `first_name`.
    public static func checkNamed(_ fields: ContactFields) throws(HTTPError) {
        guard fields.isNameless else { return }
        throw HTTPError(
            422, "name_required",
            "a contact needs something to be listed by: give first_name, last_name, company or email "
                + "a value that is not only white space",
            field: ContactField.firstName.name)
    }

    /// Refuses a body that is not declared as JSON.
    /// - Throws: `HTTPError` 415 `unsupported_media_type`.
    public static func checkMediaType(_ head: RequestHead) throws(HTTPError) {
        let contentType = head.headers["Content-Type"] ?? ""
        let parts = contentType.split(separator: ";", omittingEmptySubsequences: false)
        let mediaType = parts.first.map { $0.trimmingHTTPWhitespace().lowercased() } ?? ""
        let accepted = mediaTypes.joined(separator: " or ")
        guard mediaTypes.contains(mediaType) else {
            throw HTTPError(
                415, "unsupported_media_type",
                contentType.isEmpty
                    ? "send the contact as JSON, with Content-Type: \(accepted)"
                    : "send the contact as JSON, with Content-Type: \(accepted), not \(contentType.prefix(100))"
            )
        }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingHTTPWhitespace() }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            var charset = pair[1].lowercased()
            if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") {
                charset = String(charset.dropFirst().dropLast())
            }
            guard charset == "utf-8" || charset == "utf8" else {
                throw HTTPError(
                    415, "unsupported_media_type",
                    "JSON is UTF-8: send Content-Type: application/json with charset=utf-8 or no charset, not \(charset.prefix(40))"
                )
            }
        }
    }

    private static func checkSize(_ body: [UInt8]) throws(HTTPError) {
        guard body.count > maxBodyBytes else { return }
        throw HTTPError(
            413, "content_too_large", "the body is larger than this endpoint's limit of \(maxBodyBytes) bytes"
        )
    }

    /// The body's members as field values, in the order written.
    private static func values(in body: [UInt8]) throws(HTTPError) -> [(ContactField, ContactValue)] {
        let members: [JSONValue.Member]
        switch Result(catching: { () throws(JSONError) in try JSONReader.read(body) }) {
        case .success(.object(let object)): members = object
        case .success(let other):
            throw HTTPError(
                400, "invalid_json",
                "the body must be a JSON object of contact fields, e.g. {\"first_name\": \"Ada\"}, not \(other.kindDescription)"
            )
        case .failure(let error):
            throw invalidJSON(error, empty: body.isEmpty)
        }
        var values: [(ContactField, ContactValue)] = []
        values.reserveCapacity(members.count)
        for member in members {
            // The photo is read-only here (`PUT /contacts/{id}/photo` sets it): a client sending
            // back the contact it read has it ignored (docs/api.md, "Photos").
            if member.key == ContactField.photo.name { continue }
            guard let field = fieldsByName[member.key], member.key.utf8.elementsEqual(field.name.utf8) else {
                throw HTTPError(
                    400, "unknown_field",
                    "\(member.key.prefix(100)) is not a contact field; the fields are \(fieldList)",
                    field: String(member.key.prefix(256)))
            }
            values.append((field, try value(of: member.value, for: field)))
        }
        if !values.contains(where: { $0.0 == .labels }), let aliased = try aliasedLabels(members) {
            values.append((.labels, aliased))
        }
        return values
    }

    private static func invalidJSON(_ error: JSONError, empty: Bool) -> HTTPError {
        if empty {
            return HTTPError(
                400, "invalid_json",
                "the body is empty: send the contact as a JSON object, e.g. {\"first_name\": \"Ada\"}")
        }
        if case .duplicateKey(let key) = error.reason {
            return HTTPError(
                400, "invalid_json", "the body is not valid JSON here: \(error); give each field once",
                field: String(key.prefix(256)))
        }
        return HTTPError(400, "invalid_json", "the body is not valid JSON: \(error)")
    }

    /// The stored value of `json` given for `field`: its text or flag, `null` the empty value.
    private static func value(of json: JSONValue, for field: ContactField) throws(HTTPError) -> ContactValue {
        switch (field.kind, json) {
        case (_, .null):
            return ContactValue(emptyOf: field.kind)
        case (.text, _) where field.spec.isDocument:
            return .text(try details(of: json))
        case (.text, _) where field.spec.isList:
            return .text(try labels(of: json))
        case (.boolean, .bool(let flag)):
            return .boolean(flag)
        case (.text(let limit), .string(let text)):
            // Characters are Unicode scalars, as JSON Schema counts them; each takes at least
            // one UTF-8 byte, so count them only when the bytes exceed the limit.
            if text.utf8.count > limit, case let length = text.unicodeScalars.count, length > limit {
                throw HTTPError(
                    422, "too_long",
                    "\(field.name) is \(length) characters long; it may have at most \(limit)",
                    field: field.name)
            }
            return .text(text)
        case (.boolean, _):
            throw HTTPError(
                422, "invalid_field",
                "\(field.name) must be true or false (or null to clear it), not \(json.kindDescription)",
                field: field.name)
        case (.text, _):
            throw HTTPError(
                422, "invalid_field",
                "\(field.name) must be a string (or null to clear it), not \(json.kindDescription)",
                field: field.name)
        }
    }

    /// `fields` as a write stores them (`ContactDetails.normalized`): a primary
    /// e-mail or phone left empty is taken from the details' others, so that every
    /// stored contact goes out and back in through a vCard unchanged.
    public static func normalized(_ fields: ContactFields) -> ContactFields {
        guard let details = try? ContactDetails(json: fields.details) else { return fields }
        let (normal, rest) = ContactDetails.normalized(fields, details)
        var stored = normal
        stored.details = rest.json
        return stored
    }

    /// The `labels` array as the field stores it (`ContactLabels.checked`).
    /// - Throws: 422 `invalid_field`, field `labels`, saying what is wrong.
    private static func labels(of json: JSONValue) throws(HTTPError) -> String {
        let field = ContactField.labels.name
        guard case .array(let items) = json else {
            throw HTTPError(
                422, "invalid_field",
                "labels must be a list of names, e.g. [\"Work\", \"Family\"] (or null to clear it), not \(json.kindDescription)",
                field: field)
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let name) = item else {
                throw HTTPError(
                    422, "invalid_field", "labels[\(index)] must be a string, not \(item.kindDescription)",
                    field: field)
            }
            names.append(name)
        }
        do {
            return ContactLabels.stored(try ContactLabels.checked(names))
        } catch {
            throw HTTPError(422, "invalid_field", "labels: \(error.problem)", field: field)
        }
    }

    /// Labels given the old way, as `details.categories` (an alias kept for bodies
    /// written before labels were a field), as the `labels` value: nil when there are none.
    private static func aliasedLabels(_ members: [JSONValue.Member]) throws(HTTPError) -> ContactValue? {
        guard
            case .object(let details)? = members.last(where: { $0.key == ContactField.details.name })?.value,
            let categories = details.last(where: { $0.key == "categories" })?.value
        else { return nil }
        guard case .array(let items) = categories, !items.isEmpty else { return nil }
        let text = try labels(of: .array(items))
        return .text(text)
    }

    /// The `details` object as the field stores it (`ContactDetails.json`).
    /// - Throws: 422 `invalid_field`, field `details`, naming the key that is wrong.
    private static func details(of json: JSONValue) throws(HTTPError) -> String {
        do {
            return try ContactDetails(json: json).json
        } catch {
            throw HTTPError(
                422, "invalid_field", "details: \(error.key) \(error.problem)",
                field: ContactField.details.name)
        }
    }

    private static let fieldsByName = Dictionary(
        uniqueKeysWithValues: ContactField.writableFields.map { ($0.name, $0) })

    /// "first_name, last_name, ... and favorite".
    private static let fieldList: String = {
        let names = ContactField.writableFields.map(\.name)
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }()
}
