/// The content codings Roster sends (RFC 9110 8.4.1): none, gzip, or Zstandard
/// (RFC 8878). What a request accepts is read by the HTTP layer; the bytes are
/// made by a `ContentEncoder`.
public enum ContentCoding: Sendable, Equatable, CaseIterable {
    /// The body as it is.
    case identity
    /// One gzip member (RFC 1952).
    case gzip
    /// One Zstandard frame (RFC 8878).
    case zstd

    /// Its `Content-Encoding` token (`identity` is never sent).
    public var token: String {
        switch self {
        case .identity: "identity"
        case .gzip: "gzip"
        case .zstd: "zstd"
        }
    }

    /// Bodies smaller than this are sent as they are (docs/api.md, "Compression": "1 KB or more"),
    /// unless the request refuses `identity`.
    public static let minimumSize = 1024

    /// True for media types that compress well (text, JSON, SVG, JavaScript).
    public static func suits(contentType type: String?) -> Bool {
        guard let type else { return false }
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("image/svg")
            || type.hasPrefix("application/javascript") || type.contains("+json")
    }
}
