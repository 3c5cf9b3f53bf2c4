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

    /// Bodies smaller than this are sent as they are (README: "1 KB or more"), unless
    /// the request refuses `identity`.
    public static let minimumSize = 1024

    /// True for media types that compress well (text, JSON, SVG, JavaScript).
    public static func suits(contentType type: String?) -> Bool {
        guard let type else { return false }
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("image/svg")
            || type.hasPrefix("application/javascript") || type.contains("+json")
    }
}

/// Compresses whole bodies in each coding, one reused compressor per library
/// (libdeflate for gzip, zstd): one per thread, as each compressor is.
public final class ContentEncoder {
    /// For answers made per request (windows, JSON): the levels that measured fastest
    /// within the bytes asked (README, "Compression").
    public static let dynamicLevels = (gzip: Int32(1), zstd: Int32(1))
    /// For bodies compressed once and served many times (static files): the smallest.
    public static let storedLevels = (gzip: Int32(12), zstd: Int32(19))

    /// The gzip compressor.
    public let deflate: Deflate
    /// The zstd compressor.
    public let zstd: Zstd

    /// An encoder at libdeflate level `gzipLevel` and zstd level `zstdLevel`.
    public init(gzipLevel: Int32 = dynamicLevels.gzip, zstdLevel: Int32 = dynamicLevels.zstd) {
        deflate = Deflate(level: gzipLevel)
        zstd = Zstd(level: zstdLevel)
    }

    /// `body` in `coding` (`identity`: `body` itself).
    public func encode(_ body: [UInt8], as coding: ContentCoding) -> [UInt8] {
        switch coding {
        case .identity: body
        case .gzip: deflate.compress(body)
        case .zstd: zstd.compress(body)
        }
    }
}
