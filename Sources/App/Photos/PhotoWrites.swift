import Contacts
import HTTP
import Phones
import Photos

/// `PUT /contacts/{id}/photo` and `DELETE /contacts/{id}/photo` (docs/api.md, "Photos"):
/// writes like a `PATCH` (authorized alike, one transaction, the version moved on, the
/// revision kept for merges, `If-Match` honoured), answered with the contact as it is now.
/// An upload is inspected and digested on a photo worker, never on the event loop.
struct PhotoWrites: Sendable {
    let writer: ContactWriter
    let gate: WriteGate
    let region: PhoneRegion
    let workers: PhotoWorkers

    /// An upload's body at most: `PhotoInspection.maxBytes` (10 MiB).
    static let maxBodyBytes = PhotoInspection.maxBytes

    /// The upload's sink, once the request may write.
    func upload(_ request: Request) throws -> any RequestBodySink {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let id = try ContactJSON.id(request.parameters["id"])
        let revision = ContactJSON.revision(ifMatch: request.head.headers["If-Match"])
        // Gathered, then inspected and kept on a photo worker.
        return GatheredBody { [self] bytes, respond in
            let queued = workers.submit { _ in
                respond(SendableResponse(put(bytes, id: id, revision: revision)))
            }
            guard queued else {
                throw HTTPError.tooManyRequests(
                    retryAfter: 1, "the server is busy with photos: send it again in a moment")
            }
        }
    }

    /// A `PUT` with no body: an empty photo.
    func emptyUpload(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        _ = try ContactJSON.id(request.parameters["id"])
        throw Self.refusal(PhotoRefusal.empty.message, status: PhotoRefusal.empty.status)
    }

    /// On a worker: `bytes` inspected, kept, and made contact `id`'s photo.
    func put(_ bytes: [UInt8], id: Int, revision: Int?) -> Response {
        do {
            let photo: StoredPhoto
            switch PhotoIntake.inspecting.take(bytes) {
            case .failure(let refusal): throw Self.refusal(refusal.message, status: refusal.status)
            case .success(let taken): photo = taken
            }
            try writer.keepPhoto(photo)
            return try change(id: id, revision: revision) { fields in
                fields.photo = photo.digest
            }
        } catch {
            return .error(error) { HTTPError(500, "internal_error", "the photo was not kept: \($0)") }
        }
    }

    /// `DELETE /contacts/{id}/photo`: the contact without a photo (neither a stored one nor
    /// one named by URL in its details).
    func delete(_ request: Request) throws -> Response {
        try gate.authorizeWrite(request.head, action: "contact changes", client: request.client)
        let id = try ContactJSON.id(request.parameters["id"])
        let revision = ContactJSON.revision(ifMatch: request.head.headers["If-Match"])
        return try change(id: id, revision: revision) { fields in fields.photo = "" }
    }

    /// Contact `id` with its photo field set by `set` and any photo of its details dropped.
    private func change(id: Int, revision: Int?, _ set: @escaping (inout ContactFields) -> Void) throws
        -> Response
    {
        let (contact, version) = try ContactWriteHandlers.refusing {
            try writer.write { editor, base, prepare in
                try editor.update(id: id, ifRevision: revision, base: base, prepare: prepare) { fields in
                    var changed = fields
                    set(&changed)
                    if changed.details.contains("\"photo\""),
                        var details = try? ContactDetails(json: changed.details)
                    {
                        details.photo = nil
                        changed.details = details.json
                    }
                    return changed
                }
            }
        }
        guard let contact else { throw HTTPError(500, "internal", "the contact was not read back") }
        return ContactJSON.response(contact, version: version, locale: writer.locale, region: region)
    }

    /// A photo refused: the inspection's status and message, as every error is answered.
    static func refusal(_ message: String, status: Int) -> HTTPError {
        let code =
            switch status {
            case 413: "photo_too_large"
            case 415: "unsupported_photo"
            default: "invalid_photo"
            }
        return HTTPError(status, code, message, field: ContactField.photo.name)
    }
}
