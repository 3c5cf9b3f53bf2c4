/// The image formats a contact's photo may be stored in (docs/api.md, "Photos"), told by their
/// first bytes, never by a declared content type: an upload's `Content-Type` and a vCard's `TYPE`
/// can say anything.
public enum PhotoFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, webp, gif, heif

    /// The media type a photo of this format is served and exported as.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .heif: "image/heif"
        }
    }

    /// The libvips loader that must read a photo of this format: anything else (its SVG, PDF,
    /// TIFF or ImageMagick loaders) is never asked to read what a client sent.
    var loader: String {
        switch self {
        case .jpeg: "VipsForeignLoadJpegBuffer"
        case .png: "VipsForeignLoadPngBuffer"
        case .webp: "VipsForeignLoadWebpBuffer"
        case .gif: "VipsForeignLoadNsgifBuffer"
        case .heif: "VipsForeignLoadHeifBuffer"
        }
    }

    /// The format these bytes start like, or why they are not a photo this server keeps.
    public static func sniff(_ bytes: some Collection<UInt8>) -> Result<PhotoFormat, PhotoRefusal> {
        let head = Array(bytes.prefix(64))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .success(.gif) }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .success(.webp) }
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12 {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if heifBrands.contains(brand) { return .success(.heif) }
            return .failure(.unknownFormat("an ISO media file of brand \(brand)"))
        }
        if looksLikeMarkup(bytes) { return .failure(.svg) }
        if head.isEmpty { return .failure(.empty) }
        if looksLikeText(head) { return .failure(.notAnImage) }
        return .failure(.unknownFormat(nil))
    }

    private static let heifBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis",
    ]

    /// Markup (SVG, HTML, XML): a `<` after optional white space and a byte-order mark, or `<svg`
    /// anywhere in the first kilobyte (an SVG may start with a comment or a doctype).
    private static func looksLikeMarkup(_ bytes: some Collection<UInt8>) -> Bool {
        let start = Array(bytes.prefix(1024))
        var index = 0
        if start.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < start.count, [0x20, 0x09, 0x0A, 0x0D].contains(start[index]) { index += 1 }
        if index < start.count, start[index] == UInt8(ascii: "<") { return true }
        let lower = start.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        let needle = Array("<svg".utf8)
        return lower.count >= needle.count
            && (0...(lower.count - needle.count)).contains {
                lower[$0..<$0 + needle.count].elementsEqual(needle)
            }
    }

    /// Printable ASCII and UTF-8 text, which no image format starts with.
    private static func looksLikeText(_ head: [UInt8]) -> Bool {
        head.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
