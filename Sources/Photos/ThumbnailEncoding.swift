import CVips

/// How a thumbnail is encoded: WebP where the request's `Accept` takes it (smaller than JPEG at
/// the same quality, and made in about the time JPEG takes), AVIF for a client that names AVIF
/// but not WebP (at 80 px it saves a few hundred bytes more, for an encode many times slower,
/// and every browser that reads AVIF reads WebP), JPEG for everyone else (docs/api.md, "Photos").
public enum ThumbnailEncoding: String, Sendable, Equatable, CaseIterable {
    case avif, webp, jpeg

    public var mediaType: String { "image/\(rawValue)" }

    var vipsCode: Int32 {
        switch self {
        case .jpeg: Int32(ROSTER_VIPS_JPEG)
        case .webp: Int32(ROSTER_VIPS_WEBP)
        case .avif: Int32(ROSTER_VIPS_AVIF)
        }
    }

    /// The encoding for an `Accept` header: the first of WebP, AVIF it names with a q above 0,
    /// else JPEG. `*/*` alone takes JPEG: a client that names no modern format may not read one.
    public static func choose(accept: String?) -> ThumbnailEncoding {
        guard let accept else { return .jpeg }
        var named: Set<String> = []
        for part in accept.split(separator: ",") {
            let pieces = part.split(separator: ";").map { trimmed($0).lowercased() }
            guard let type = pieces.first, !type.isEmpty else { continue }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            if (quality ?? 1) > 0 { named.insert(type) }
        }
        if named.contains("image/webp") { return .webp }
        if named.contains("image/avif") { return .avif }
        return .jpeg
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
