import Contacts
import HTTP

/// A write whose `details.photo` holds the photo inline (`{"type", "data"}`): the photo is
/// inspected, kept apart under its digest and named by the contact's `photo`, as an import's
/// are (docs/api.md, "Photos"). A photo given by URL stays in the details.
extension ContactWriteHandlers {
    /// `fields` with an inline photo kept apart.
    /// - Throws: the photo's refusal (413, 415 or 422 naming `details`).
    func keepingPhoto(_ fields: ContactFields) throws -> ContactFields {
        switch PhotoIntake.inspecting.movingOut(of: fields) {
        case .failure(let refusal):
            throw HTTPError(
                refusal.status, "invalid_field", "details: photo \(refusal.message)",
                field: ContactField.details.name)
        case .success(let (moved, photo)):
            if let photo { try writer.keepPhoto(photo) }
            return moved
        }
    }

    /// `patch` with an inline photo of its details kept apart: the details without it, the
    /// contact's photo naming it.
    func keepingPhoto(_ patch: ContactPatch) throws -> ContactPatch {
        guard case .text(let details)? = patch.changes[.details], details.contains("\"data\"") else {
            return patch
        }
        let moved = try keepingPhoto(ContactFields(details: details))
        guard !moved.photo.isEmpty else { return patch }
        var changes = patch.changes
        changes[.details] = .text(moved.details)
        changes[.photo] = .text(moved.photo)
        return ContactPatch(changes)
    }
}
