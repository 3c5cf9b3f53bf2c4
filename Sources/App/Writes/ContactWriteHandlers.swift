import Contacts
import HTTP
import Phones

/// `POST /contacts`, `PATCH /contacts/{id}` (JSON merge patch; with `Prefer:
/// merge`, merged from an older revision), `DELETE /contacts/{id}` and `POST
/// /contacts/{id}/restore` (ContactWriteHandlers+Undo.swift): authorized like
/// imports, checked strictly, each one transaction through the process's `ContactWriter`.
struct ContactWriteHandlers: Sendable {
    let writer: ContactWriter
    let gate: WriteGate
    /// The list's phone region, for the phones of the contacts answered.
    let region: PhoneRegion

    /// 201 with the new contact, its `Location` and ETag.
    func create(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let fields = try keepingPhoto(ContactInput.normalized(try ContactInput.fields(from: request)))
        let (contact, version) = try Self.refusing {
            try writer.write { editor, base, prepare in
                try editor.insert(fields, base: base, prepare: prepare)
            }
        }
        guard let contact else { throw HTTPError(500, "internal", "the new contact was not read back") }
        var response = ContactJSON.response(
            contact, version: version, locale: writer.locale, region: region, status: 201)
        response.headers.set("Location", "/contacts/\(contact.id)")
        return response
    }

    /// 200 with the contact as it is after the patch.
    func update(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let id = try ContactJSON.id(request.parameters["id"])
        let patch = try keepingPhoto(ContactInput.patch(from: request))
        let revision = ContactJSON.revision(ifMatch: request.head.headers["If-Match"])
        if let revision, revision >= 0, Self.prefersMerge(request.head.headers["Prefer"]) {
            return try merge(patch, into: id, since: revision)
        }
        let (contact, version) = try Self.refusing {
            try writer.write { editor, base, prepare in
                try editor.update(id: id, ifRevision: revision, base: base, prepare: prepare) { fields in
                    ContactInput.normalized(try Self.named(patch.applied(to: fields), by: patch))
                }
            }
        }
        guard let contact else { throw HTTPError(500, "internal", "the contact was not read back") }
        return ContactJSON.response(contact, version: version, locale: writer.locale, region: region)
    }

    /// 204.
    func delete(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let id = try ContactJSON.id(request.parameters["id"])
        let revision = ContactJSON.revision(ifMatch: request.head.headers["If-Match"])
        _ = try Self.refusing {
            try writer.write { editor, base, prepare in
                try editor.delete(id: id, ifRevision: revision, base: base, prepare: prepare)
            }
        }
        return Response(status: 204)
    }

    /// `patched` when it still has a name. A patch that blanks both names is a bad
    /// body (422); one that blanks the only name this contact has conflicts with
    /// what it holds (409), as an edit made elsewhere in between could cause.
    static func named(_ patched: ContactFields, by patch: ContactPatch) throws -> ContactFields {
        guard patched.isNameless else { return patched }
        if patch.changes[.firstName] != nil && patch.changes[.lastName] != nil {
            try ContactInput.checkNamed(patched)
        }
        throw HTTPError(
            409, "name_required",
            "this contact's only name would be gone: keep first_name or last_name, or give the other one a value",
            field: (patch.changes[.firstName] != nil ? ContactField.firstName : .lastName).name)
    }

    /// `body`, with the store's refusals as the contract's errors.
    static func refusing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ContactsError {
            switch error {
            case .contactNotFound(let id):
                throw ContactJSON.notFound(id)
            case .staleRevision(let id, let current):
                throw HTTPError(
                    412, "precondition_failed",
                    "contact \(id) changed since the version your If-Match names (it is \(ContactJSON.etag(current)) now); read it again and redo the change, "
                        + "or send the change with Prefer: merge to have it merged (when that version is one of its last \(ContactEdit.keptRevisions))"
                )
            case .contactExists(let id):
                throw HTTPError(
                    409, "contact_exists", "contact \(id) is in the list: there is nothing to restore")
            case .busy:
                throw HTTPError(503, "busy", "an import is writing the list; try again in a moment")
            case .namelessContact:
                throw HTTPError(
                    422, "name_required", "a contact needs a first_name or a last_name",
                    field: ContactField.firstName.name)
            case .unstorable(let field):
                throw HTTPError(422, "invalid_character", error.description, field: field)
            case .valueTooLong(let field, let length, let limit):
                throw HTTPError(
                    422, "too_long", "\(field) is \(length) characters long; at most \(limit) are allowed",
                    field: field)
            default:
                throw error
            }
        }
    }
}
