/// A byte string searched for in text, 32 places at a time: the text's bytes at
/// each place and at the pattern's length from it are compared with the pattern's
/// first and last bytes at once (SIMD), and only the places where both agree are
/// compared whole. Nothing is prepared per search, so it costs the same whether it
/// runs once over a large text or many times over short ones.
struct BytePattern: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        precondition(!bytes.isEmpty, "an empty pattern")
        self.bytes = bytes
    }

    /// The first place at or after `start` where the pattern lies whole before `end`
    /// in `text`, or nil.
    func firstMatch(in text: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        let count = bytes.count
        guard end - start >= count, let base = text.baseAddress else { return nil }
        return bytes.withUnsafeBytes { pattern in
            let first = SIMD32<UInt8>(repeating: pattern[0])
            let last = SIMD32<UInt8>(repeating: pattern[count - 1])
            var place = start
            // Whole blocks: the last byte compared is at place + count - 1 + 31 < end.
            while place + count + 31 <= end {
                let heads = (base + place).loadUnaligned(as: SIMD32<UInt8>.self)
                let tails = (base + place + count - 1).loadUnaligned(as: SIMD32<UInt8>.self)
                let both = (heads .== first) .& (tails .== last)
                if any(both) {
                    for lane in 0..<32 where both[lane] {
                        if Self.same(base + place + lane, pattern) { return place + lane }
                    }
                }
                place += 32
            }
            while place + count <= end {
                if Self.same(base + place, pattern) { return place }
                place += 1
            }
            return nil
        }
    }

    @inline(__always)
    private static func same(_ at: UnsafeRawPointer, _ pattern: UnsafeRawBufferPointer) -> Bool {
        for index in 0..<pattern.count where at.load(fromByteOffset: index, as: UInt8.self) != pattern[index]
        {
            return false
        }
        return true
    }
}
