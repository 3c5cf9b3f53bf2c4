import CZstd

/// One zstd frame written piece by piece (ZSTD_compressStream2), for bodies too
/// long to hold: each piece goes in as it comes, the frame ends with the last.
/// A context of its own per stream (a window of up to 2^19 bytes at level 1).
public final class ZstdStream: StreamCompressor {
    private let context: OpaquePointer
    private var output = [UInt8](repeating: 0, count: ZSTD_CStreamOutSize())

    /// A stream at zstd `level`.
    public init(level: Int32) {
        guard let context = ZSTD_createCCtx() else {
            preconditionFailure("zstd could not allocate a context")
        }
        self.context = context
        let status = ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
        precondition(ZSTD_isError(status) == 0, "zstd refused level \(level)")
    }

    deinit { ZSTD_freeCCtx(context) }

    public func compress(piece: [UInt8], last: Bool) -> [UInt8] {
        var result: [UInt8] = []
        piece.withUnsafeBytes { source in
            var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            let mode = last ? ZSTD_e_end : ZSTD_e_continue
            // Until zstd has taken all the input (and, at the end, written the whole frame out).
            while true {
                let remaining = output.withUnsafeMutableBytes { target in
                    var out = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let remaining = ZSTD_compressStream2(context, &out, &input, mode)
                    precondition(ZSTD_isError(remaining) == 0, "zstd failed on a stream")
                    result.append(contentsOf: target.prefix(out.pos).bindMemory(to: UInt8.self))
                    return remaining
                }
                if last ? remaining == 0 : input.pos == input.size { break }
            }
        }
        return result
    }
}
