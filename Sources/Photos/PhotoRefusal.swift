/// Why a photo is refused (docs/api.md, "Photos"): each case names its cause in words a person
/// who sent the file can act on. Found from the bytes' own structure and the header libvips reads
/// without decoding, never from libvips' error text (which is shared by the whole process).
public enum PhotoRefusal: Error, Sendable, Equatable {
    case empty
    case tooLarge(bytes: Int, limit: Int)
    case svg
    case notAnImage
    case unknownFormat(String?)
    case cutOff(PhotoFormat)
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case unreadable(PhotoFormat)

    /// The sentence an error answer carries.
    public var message: String {
        switch self {
        case .empty:
            "the photo is empty: send the image's bytes as the body"
        case .tooLarge(let bytes, let limit):
            "the photo is \(bytes) bytes, more than \(limit): shrink it first"
        case .svg:
            "SVG and other markup are not kept as photos (they can carry scripts): send JPEG, PNG, WebP, GIF or HEIC"
        case .notAnImage:
            "the body is text, not an image: send JPEG, PNG, WebP, GIF or HEIC bytes"
        case .unknownFormat(let what):
            "the photo's format is unknown\(what.map { " (\($0))" } ?? ""): send JPEG, PNG, WebP, GIF or HEIC"
        case .cutOff(let format):
            "the \(format.rawValue.uppercased()) file is cut off: its end is missing; send the whole file"
        case .tooManyPixels(let width, let height, let limit):
            "the photo is \(width) x \(height) pixels, more than \(limit / 1_000_000) megapixels: shrink it first"
        case .unreadable(let format):
            "the \(format.rawValue.uppercased()) file is damaged: libvips cannot read it"
        }
    }

    /// The HTTP status: 413 for what is too large, 415 for a format that is not kept, 422 for a
    /// damaged image.
    public var status: Int {
        switch self {
        case .tooLarge, .tooManyPixels: 413
        case .svg, .notAnImage, .unknownFormat: 415
        case .empty, .cutOff, .unreadable: 422
        }
    }
}
