import CZlib

/// A compressor fed a body piece by piece: what comes out of each piece is sent
/// on at once, so a long body is never held whole. `Gzip` (zlib) writes one gzip
/// member, `ZstdStream` one zstd frame.
public protocol StreamCompressor: AnyObject {
    /// What the compressor gives out for `piece`; `last` ends the member or frame
    /// (the piece may be empty then). It may keep part of a piece for later.
    func compress(piece: [UInt8], last: Bool) -> [UInt8]
}

extension Gzip: StreamCompressor {
    public func compress(piece: [UInt8], last: Bool) -> [UInt8] {
        deflate(piece, flush: last ? Z_FINISH : Z_NO_FLUSH)
    }
}
