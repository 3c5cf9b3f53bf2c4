import CZlib

/// A streamed body compressed as one gzip member as it is pulled: each piece of
/// the source goes through one zlib stream (level 1, the fastest) and what comes
/// out is the next piece, so memory stays flat however long the body.
final class GzipStream: ResponseBodySource {
    private let source: any ResponseBodySource
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 64 * 1024)
    private var finished = false

    init(source: any ResponseBodySource) {
        self.source = source
        precondition(
            roster_deflate_init_gzip_strategy(&stream, 1, 15, 8, Z_DEFAULT_STRATEGY) == Z_OK,
            "zlib could not allocate a deflate stream")
    }

    deinit { deflateEnd(&stream) }

    func next() throws -> [UInt8]? {
        guard !finished else { return nil }
        guard let piece = try source.next() else {
            finished = true
            return deflate([], flush: Z_FINISH)
        }
        // zlib may keep a small piece for later: an empty answer is skipped by the loop.
        return deflate(piece, flush: Z_NO_FLUSH)
    }

    private func deflate(_ input: [UInt8], flush: Int32) -> [UInt8] {
        var result: [UInt8] = []
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            repeat {
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    _ = CZlib.deflate(&stream, flush)
                    result.append(
                        contentsOf: UnsafeBufferPointer(rebasing: target[0..<(target.count - Int(stream.avail_out))]))
                }
            } while stream.avail_out == 0 || stream.avail_in > 0
        }
        return result
    }
}

/// A source whose first pieces were pulled already: those, then the rest of it
/// (none when it had ended), or the error pulling them met. `ResponseWriter` pulls
/// them to see whether a streamed body reaches `Gzip.minimumSize` before it sends
/// the head.
final class PrefetchedSource: ResponseBodySource {
    private let rest: (any ResponseBodySource)?
    private var first: [UInt8]?
    private var failure: (any Error)?

    init(first: [UInt8], rest: (any ResponseBodySource)?, failure: (any Error)? = nil) {
        self.rest = rest
        self.first = first.isEmpty ? nil : first
        self.failure = failure
    }

    func next() throws -> [UInt8]? {
        if let piece = first {
            first = nil
            return piece
        }
        if let failure {
            self.failure = nil
            throw failure
        }
        return try rest?.next()
    }
}
