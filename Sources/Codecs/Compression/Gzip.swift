import CZlib

/// One zlib deflate stream in gzip format, reset for each body instead of being
/// set up again (a fresh deflateInit costs tens of microseconds). One per thread.
public final class Gzip {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    /// A compressor at zlib `level` (1 fastest ... 9 smallest), with a history window
    /// of 2^`windowBits` bytes and zlib memory level `memoryLevel`. Small values suit
    /// small bodies: each reset clears a hash table of 2^(memoryLevel + 7) entries.
    public init(level: Int32 = 4, windowBits: Int32 = 15, memoryLevel: Int32 = 8) {
        precondition(
            roster_deflate_init_gzip_strategy(&stream, level, windowBits, memoryLevel, Z_DEFAULT_STRATEGY)
                == Z_OK,
            "zlib could not allocate a deflate stream")
    }

    deinit { deflateEnd(&stream) }

    /// `input` compressed as one gzip member.
    public func compress(_ input: [UInt8]) -> [UInt8] {
        deflateReset(&stream)
        return deflate(input, flush: Z_FINISH)
    }

    /// What the stream gives out for `input` with `flush`: `Z_NO_FLUSH` keeps the
    /// - Parameter flush: zlib's flush mode (`Z_NO_FLUSH` between pieces, `Z_FINISH` at the end).
    public func deflate(_ input: [UInt8], flush: Int32) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(input.count / 3 + 64)
        input.withUnsafeBufferPointer { source in
            // zlib reads next_in without writing it (it is `z_const`); no copy is needed.
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            // Until zlib has taken all the input and stopped short of filling the output.
            repeat {
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    _ = CZlib.deflate(&stream, flush)
                    result.append(
                        contentsOf: UnsafeBufferPointer(
                            rebasing: target[0..<(target.count - Int(stream.avail_out))]))
                }
            } while stream.avail_out == 0 || stream.avail_in > 0
        }
        return result
    }
}
