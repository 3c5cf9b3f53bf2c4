/// Where a whole-body compressor writes before the body is copied out at its size
/// (an answer holds exactly its bytes, not the bound's): one buffer per compressor,
/// grown to the largest bound yet and reused, so a body costs one allocation, the
/// copy. `Igzip`, `Deflate` and `Zstd` each keep one.
struct CompressionScratch {
    private var bytes: [UInt8] = []

    /// The bytes `compress` writes into room for at least `bound` bytes, as an
    /// array of their own; nil when it returns nil (the room was too small).
    /// - Parameter compress: writes into the room and returns how many bytes it wrote.
    mutating func output(
        bound: Int, _ compress: (UnsafeMutableBufferPointer<UInt8>) -> Int?
    ) -> [UInt8]? {
        if bytes.count < bound { bytes = [UInt8](repeating: 0, count: bound) }
        return bytes.withUnsafeMutableBufferPointer { room in
            compress(room).map { Array(UnsafeBufferPointer(rebasing: room[0..<$0])) }
        }
    }
}
