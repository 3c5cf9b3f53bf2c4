import Codecs
import Contacts
import HTTP

/// The writes that need a contact's past (docs/api.md, "Merging an older revision's write";
/// docs/api.md, "Undo"): a `PATCH` with `Prefer: merge` and an `If-Match` naming an older revision,
/// merged three ways into the contact as it is now, and `POST /contacts/{id}/restore`, which brings
/// back a contact deleted in the last 10 minutes.
extension ContactWriteHandlers {
    /// Whether a `Prefer` field (RFC 7240: preferences separated by commas, each
    /// with parameters after a `;`) asks for `merge`.
    static func prefersMerge(_ field: String?) -> Bool {
        guard let field else { return false }
        return field.split(separator: ",").contains { preference in
            let token = preference.split(separator: ";").first?.split(separator: "=").first ?? ""
            return token.trimmingHTTPWhitespace().lowercased() == "merge"
        }
    }

    /// `patch`, written against `revision` of contact `id`, merged into the contact
    /// now: 200 with the merged contact and `Preference-Applied: merge`, or 409
    /// `merge_conflict` listing the fields both changed differently (nothing written).
    func merge(_ patch: ContactPatch, into id: Int, since revision: Int) throws -> Response {
        let written: (Contact?, Int)
        do {
            written = try Self.refusing {
                try writer.write { editor, base, prepare in
                    try editor.merge(id: id, since: revision, base: base, prepare: prepare) { then, now in
                        let merged = ContactMerge.merge(
                            base: then, mine: patch.applied(to: then), changing: patch.fields,
                            theirs: now.fields)
                        switch merged {
                        case .success(let fields):
                            return ContactInput.normalized(try Self.named(fields, by: patch))
                        case .failure(let conflicts):
                            throw MergeRefusal(conflicts: conflicts.conflicts, revision: now.revision)
                        }
                    }
                }
            }
        } catch let refusal as MergeRefusal {
            return refusal.response(id: id)
        }
        guard let contact = written.0 else {
            throw HTTPError(500, "internal", "the contact was not read back")
        }
        var response = ContactJSON.response(
            contact, version: written.1, locale: writer.locale, region: region)
        response.headers.set("Preference-Applied", "merge")
        return response
    }

    /// 201 with the contact back from its tombstone, its `Location` and ETag.
    func restore(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes")
        let id = try ContactJSON.id(request.parameters["id"])
        let (contact, version): (Contact?, Int)
        do {
            (contact, version) = try Self.refusing {
                try writer.write { editor, base, prepare in
                    try editor.restore(id: id, base: base, prepare: prepare)
                }
            }
        } catch let error as HTTPError where error.status == 404 {
            throw HTTPError(
                404, "not_found",
                "there is no contact \(id) to restore: only one deleted in the last \(ContactEdit.undoSeconds / 60) minutes can be"
            )
        }
        guard let contact else { throw HTTPError(500, "internal", "the contact was not read back") }
        var response = ContactJSON.response(
            contact, version: version, locale: writer.locale, region: region, status: 201)
        response.headers.set("Location", "/contacts/\(contact.id)")
        return response
    }
}

/// A merge that met fields both sides changed differently: nothing is written.
struct MergeRefusal: Error {
    let conflicts: [ContactMerge.Conflict]
    /// The contact's revision now (the ETag a resolved write names).
    let revision: Int

    /// 409 `merge_conflict`: the contract's error body, `field` the first conflict's,
    /// and `conflicts`, each `{"field", "key" (a detail's), "base", "yours",
    /// "theirs"}`; the ETag of the contact now.
    func response(id: Int) -> Response {
        let names = conflicts.map { $0.key.map { "details.\($0)" } ?? $0.field.name }
        var json = JSONWriter()
        json.object { json in
            json.field("error", "merge_conflict")
            json.field(
                "message",
                "contact \(id) changed since the version your If-Match names, and so did "
                    + names.joined(separator: ", ")
                    + " in your change: choose a value for each (conflicts), then send it with If-Match: "
                    + ContactJSON.etag(revision))
            json.field("field", conflicts.first?.field.name ?? "")
            json.key("conflicts")
            json.array { json in
                for conflict in conflicts {
                    json.object { json in
                        json.field("field", conflict.field.name)
                        if let key = conflict.key { json.field("key", key) }
                        Self.value(conflict.base, "base", of: conflict.field, into: &json)
                        Self.value(conflict.yours, "yours", of: conflict.field, into: &json)
                        Self.value(conflict.theirs, "theirs", of: conflict.field, into: &json)
                    }
                }
            }
        }
        var response = Response.json(json.bytes, status: 409)
        response.headers.set("ETag", ContactJSON.etag(revision))
        return response
    }

    private static func value(
        _ value: ContactValue, _ name: StaticString, of field: ContactField, into json: inout JSONWriter
    ) {
        switch value {
        case .text(let text) where field.spec.isDocument: json.field(name, json: text.isEmpty ? "{}" : text)
        case .text(let text) where field.spec.isList:
            json.key(name)
            json.array { json in
                for label in ContactLabels.names(text) { json.string(label) }
            }
        case .text(let text): json.field(name, text)
        case .boolean(let flag): json.field(name, flag)
        }
    }
}
