import Codecs
import Dispatch
import Synchronization

/// A streamed body compressed as it is pulled, as one gzip member (zlib) or one
/// zstd frame: each piece of the source goes through one `StreamCompressor` and
/// what comes out is the next piece, so memory stays flat however long the body.
///
/// The compression runs on a queue of its own, two pieces behind the source: while
/// one piece is compressed, the caller's thread makes the next (an export reads
/// and writes CSV about as fast as zlib compresses it, so the two halve the time).
final class CompressedStream: ResponseBodySource, @unchecked Sendable {
    private let source: any ResponseBodySource
    private let queue = DispatchQueue(label: "roster.compressed-stream")
    /// Used on `queue` only.
    private let compressor: any StreamCompressor
    /// Compressed pieces in order, handed from `compressor` to the caller.
    private let results = Mutex<[[UInt8]]>([])
    private let ready = DispatchSemaphore(value: 0)
    /// The caller's: pieces handed to `compressor` whose output is not taken yet.
    private var queued = 0
    private var sourceEnded = false

    /// `source` compressed in `coding` (gzip or zstd) at level 1, the fastest of
    /// zlib and the one of whole zstd answers.
    init(source: any ResponseBodySource, coding: ContentCoding) {
        self.source = source
        compressor = coding == .zstd ? ZstdStream(level: ContentEncoder.dynamicLevels.zstd) : Gzip(level: 1)
    }

    func next() throws -> [UInt8]? {
        // Keep the compressor two pieces ahead (the last one finishes the member).
        while !sourceEnded && queued < 2 {
            if let piece = try source.next() {
                submit(piece, last: false)
            } else {
                sourceEnded = true
                submit([], last: true)
            }
        }
        guard queued > 0 else { return nil }
        ready.wait()
        queued -= 1
        // The compressor may keep a small piece for later: an empty answer is skipped by the loop.
        return results.withLock { $0.removeFirst() }
    }

    private func submit(_ piece: [UInt8], last: Bool) {
        queued += 1
        queue.async { [self] in
            let compressed = compressor.compress(piece: piece, last: last)
            results.withLock { $0.append(compressed) }
            ready.signal()
        }
    }
}

/// A source whose first pieces were pulled already: those, then the rest of it
/// (none when it had ended), or the error pulling them met. `ResponseWriter` pulls
/// them to see whether a streamed body reaches `ContentCoding.minimumSize` before it sends
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
