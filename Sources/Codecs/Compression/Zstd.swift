import CZstd

/// One Zstandard compression context writing one frame per body at one level,
/// reused for every body (ZSTD_compress2 keeps the context's tables and only
/// resets its session). Levels below 1 are zstd's fast ones (-1 is faster and
/// larger than 1). One per thread: a context is not safe to share.
public final class Zstd {
    /// The level it was made with.
    public let level: Int32
    private let context: OpaquePointer
    private var scratch = CompressionScratch()

    /// A context at zstd `level` (`ZSTD_minCLevel()` ... `ZSTD_maxCLevel()`, 0 meaning zstd's default, 3).
    public init(level: Int32) {
        precondition(
            level >= ZSTD_minCLevel() && level <= ZSTD_maxCLevel(),
            "zstd levels are \(ZSTD_minCLevel()) to 22")
        guard let context = ZSTD_createCCtx() else {
            preconditionFailure("zstd could not allocate a context")
        }
        self.level = level
        self.context = context
        let status = ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
        precondition(ZSTD_isError(status) == 0, "zstd refused level \(level)")
    }

    deinit { ZSTD_freeCCtx(context) }

    /// `input` compressed as one zstd frame (RFC 8878) that records its size.
    public func compress(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { compress($0) }
    }

    /// The bytes of `input` compressed as one zstd frame (RFC 8878) that records its size.
    public func compress(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        return scratch.output(bound: ZSTD_compressBound(input.count)) { output in
            let written = ZSTD_compress2(
                context, output.baseAddress, output.count, input.baseAddress, input.count)
            precondition(ZSTD_isError(written) == 0, "zstd failed within its own bound")
            return written
        }!
    }
}
