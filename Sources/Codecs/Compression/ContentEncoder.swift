/// Compresses whole bodies in each coding, one reused compressor per library: igzip
/// (ISA-L) or libdeflate for gzip, zstd. One per thread, as each compressor is.
public final class ContentEncoder {
    /// Which library makes the gzip members, at which level.
    public enum GzipEngine: Equatable, Sendable {
        /// ISA-L's igzip, 0 ... 3: the fastest, for answers made per request; bodies
        /// under `smallBody` bytes at the second level (igzip 0 makes 1.23x zlib level
        /// 1's bytes of a 200 px window, 1.18x of a 400 px one and 1.17x of 800 px:
        /// its block header weighs more in a short body; level 1 makes 0.98x).
        case igzip(Int32, small: Int32)
        /// libdeflate, 1 ... 12: the smallest at its top levels, for bodies made once.
        case libdeflate(Int32)
    }

    /// For answers made per request (windows, JSON): the library and levels that
    /// measured fastest within the bytes asked (docs/performance.md, "Compression libraries").
    public static let dynamicLevels = (gzip: GzipEngine.igzip(0, small: 1), zstd: Int32(1))
    /// Below this many bytes a body goes through igzip's `small` level.
    public static let smallBody = 6144
    /// For bodies compressed once and served many times (static files): the smallest.
    public static let storedLevels = (gzip: GzipEngine.libdeflate(12), zstd: Int32(19))

    /// The gzip library and level.
    public let gzip: GzipEngine
    /// The zstd compressor.
    public let zstd: Zstd
    private let compressGzip: (UnsafeBufferPointer<UInt8>) -> [UInt8]

    /// An encoder making gzip with `gzip` and zstd at level `zstdLevel`.
    public init(gzip: GzipEngine = dynamicLevels.gzip, zstdLevel: Int32 = dynamicLevels.zstd) {
        self.gzip = gzip
        switch gzip {
        case .igzip(let level, let small):
            let (large, short) = (Igzip(level: level), Igzip(level: small))
            compressGzip = { $0.count < Self.smallBody ? short.compress($0) : large.compress($0) }
        case .libdeflate(let level):
            let deflate = Deflate(level: level)
            compressGzip = { deflate.compress($0) }
        }
        zstd = Zstd(level: zstdLevel)
    }

    /// `body` in `coding` (`identity`: `body` itself).
    public func encode(_ body: [UInt8], as coding: ContentCoding) -> [UInt8] {
        switch coding {
        case .identity: body
        case .gzip: body.withUnsafeBufferPointer(compressGzip)
        case .zstd: zstd.compress(body)
        }
    }
}
