import Contacts
import Photos

extension PhotoIntake {
    /// Photos taken as `PhotoInspection` finds them (docs/api.md, "Photos"): the format from
    /// the first bytes, a whole file, at most 40 megapixels by its header; no pixel decoded.
    static let inspecting = PhotoIntake { bytes in
        switch PhotoInspection.inspect(bytes) {
        case .success(let inspection): .success(inspection.format.mediaType)
        case .failure(let refusal): .failure(Refusal(message: refusal.message, status: refusal.status))
        }
    }
}
