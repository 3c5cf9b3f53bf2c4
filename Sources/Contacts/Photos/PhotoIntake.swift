/// How photos coming in with contacts are taken (docs/api.md, "Photos"): an import's vCard
/// `PHOTO` (base64 or `data:`), a CSV `photo` column holding a `data:` URI, or a write's
/// `details.photo` with `data`. Each is inspected (its header only: no thumbnail is made
/// here) and moved out of the contact into the store's photos under its digest; the contact
/// keeps the digest. The inspection is the caller's (the `Photos` module, over libvips), so
/// that this domain module does not link an image library.
public struct PhotoIntake: Sendable {
    /// The media type `bytes` were found to be, or why they are no photo to keep (a sentence
    /// a person can act on).
    public let inspect: @Sendable ([UInt8]) -> Result<String, Refusal>

    /// A photo refused, with its message.
    public struct Refusal: Error, Equatable, Sendable {
        public let message: String
        /// The HTTP status a write refused for it answers.
        public let status: Int

        public init(message: String, status: Int) {
            self.message = message
            self.status = status
        }
    }

    public init(inspect: @escaping @Sendable ([UInt8]) -> Result<String, Refusal>) {
        self.inspect = inspect
    }

    /// `bytes` as a photo to store, or why not.
    public func take(_ bytes: [UInt8]) -> Result<StoredPhoto, Refusal> {
        inspect(bytes).map { StoredPhoto(mediaType: $0, bytes: bytes) }
    }

    /// `fields` with an inline photo of their details (`{"type", "data"}`) moved out: the
    /// photo to store and the fields naming it, or the refusal. Fields without one come back
    /// as they are (a photo given by URL stays in the details).
    public func movingOut(of fields: ContactFields) -> Result<(ContactFields, StoredPhoto?), Refusal> {
        guard fields.details.contains("\"data\""), var details = try? ContactDetails(json: fields.details),
            case .data(_, let bytes)? = details.photo
        else { return .success((fields, nil)) }
        switch take(bytes) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let photo):
            var moved = fields
            details.photo = nil
            moved.details = details.json
            moved.photo = photo.digest
            return .success((moved, photo))
        }
    }

    /// The media type and bytes of a `data:` URI in base64 (`data:image/jpeg;base64,...`), or
    /// nil for any other text.
    public static func dataURI(_ text: String) -> (mediaType: String, bytes: [UInt8])? {
        guard text.utf8.count > 5, text.prefix(5).lowercased() == "data:",
            let comma = text.firstIndex(of: ",")
        else { return nil }
        let head = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        guard head.lowercased().hasSuffix(";base64") else { return nil }
        // The vCard reader's decoder (white space skipped, four letters at a time): a photo's
        // tens of kilobytes go through it, in a vCard 4.0 PHOTO as in a 3.0 one.
        let body = Array(text.utf8[text.utf8.index(after: comma)...])
        guard let bytes = body.withUnsafeBufferPointer({ VCardEncodings.decodeBase64($0) }) else {
            return nil
        }
        return (String(head.dropLast(7)), bytes)
    }
}
