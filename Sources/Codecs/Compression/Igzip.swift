import CIsal

/// One ISA-L igzip compressor writing gzip members of whole bodies at one level,
/// its stream state and level buffer reused for every body. At level 0 it makes a
/// window body in about a third of libdeflate level 1's time, for about 1.2x
/// its bytes (docs/performance.md, "Compression libraries"): the coding of answers made per
/// request. It does not stream here; streams stay on `Gzip`. One per thread: a
/// compressor is not safe to share.
public final class Igzip {
    /// The level it was made with, 0 (fastest) ... 3 (smallest).
    public let level: Int32
    private let stream: UnsafeMutablePointer<isal_zstream>
    private let levelBuffer: UnsafeMutableRawBufferPointer
    private var scratch = CompressionScratch()

    /// A compressor at igzip `level` (0 ... 3).
    public init(level: Int32) {
        precondition((0...3).contains(level), "igzip levels are 0 to 3")
        self.level = level
        // Zeroed, both: isal_deflate_stateless_init sets only some of the stream's fields and
        // reads others (its internal state's flags), so memory left as malloc gave it made the
        // same body come out in other bytes from one compressor to the next.
        stream = .allocate(capacity: 1)
        stream.initialize(to: isal_zstream())
        levelBuffer = .allocate(
            byteCount: max(1, Int(roster_igzip_level_buffer_size(level))), alignment: 64)
        levelBuffer.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit {
        stream.deallocate()
        levelBuffer.deallocate()
    }

    /// `input` compressed as one gzip member (RFC 1952).
    public func compress(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { compress($0) }
    }

    /// The bytes of `input` compressed as one gzip member (RFC 1952).
    public func compress(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // Stored blocks at worst: 5 bytes a 64 KiB block beside the header and trailer,
        // doubled on the overflow igzip reports if its own framing needs more.
        var bound = input.count + input.count / 8 + 1024
        while true {
            let body = scratch.output(bound: bound) { output in
                let written = roster_igzip_gzip(
                    stream, levelBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    UInt32(levelBuffer.count), level, input.baseAddress, UInt32(input.count),
                    output.baseAddress, UInt32(output.count))
                precondition(written >= -1, "igzip could not compress a body")
                return written >= 0 ? Int(written) : nil
            }
            if let body { return body }
            precondition(bound < Int(UInt32.max) / 2, "igzip could not compress a body")
            bound *= 2
        }
    }
}
