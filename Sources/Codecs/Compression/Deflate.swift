import CDeflate

/// One libdeflate compressor writing gzip members of whole bodies at one level,
/// reused for every body (its allocation is the costly part). libdeflate compresses
/// a buffer it sees whole in one pass, about twice as fast as zlib's streaming
/// deflate at the same ratio; it cannot stream, so streams stay on `Gzip`. One per
/// thread: a compressor is not safe to share.
public final class Deflate {
    /// The level it was made with, 1 (fastest) ... 12 (smallest).
    public let level: Int32
    private let compressor: OpaquePointer
    private var scratch = CompressionScratch()

    /// A compressor at libdeflate `level` (1 ... 12).
    public init(level: Int32) {
        precondition((1...12).contains(level), "libdeflate levels are 1 to 12")
        guard let compressor = libdeflate_alloc_compressor(level) else {
            preconditionFailure("libdeflate could not allocate a compressor")
        }
        self.level = level
        self.compressor = compressor
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `input` compressed as one gzip member (RFC 1952).
    public func compress(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { compress($0) }
    }

    /// The bytes of `input` compressed as one gzip member (RFC 1952).
    public func compress(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let bound = libdeflate_gzip_compress_bound(compressor, input.count)
        return scratch.output(bound: bound) { output in
            // The bound always fits, so 0 (did not fit) cannot come back.
            let count = libdeflate_gzip_compress(
                compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            precondition(count > 0, "libdeflate's bound did not fit")
            return count
        }!
    }
}
