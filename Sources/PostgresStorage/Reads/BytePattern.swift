/// A byte string searched for in text, 32 places at a time: the text's bytes at
/// each place, half the pattern's length and its length on are compared with the
/// pattern's first, middle and last bytes at once (SIMD), and only the places where
/// all three agree are compared whole (a pattern of 3 bytes or fewer is then found). Nothing is prepared per search, so it costs the same whether it
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
            let middle = count / 2
            let first = SIMD32<UInt8>(repeating: pattern[0])
            let centre = SIMD32<UInt8>(repeating: pattern[middle])
            let last = SIMD32<UInt8>(repeating: pattern[count - 1])
            var place = start
            // Whole blocks: the last byte compared is at place + count - 1 + 31 < end.
            while place + count + 31 <= end {
                let at = base + place
                let heads = at.loadUnaligned(as: SIMD32<UInt8>.self)
                let centres = (at + middle).loadUnaligned(as: SIMD32<UInt8>.self)
                let tails = (at + count - 1).loadUnaligned(as: SIMD32<UInt8>.self)
                let all = (heads .== first) .& (centres .== centre) .& (tails .== last)
                if any(all) {
                    // A lane that agrees is all ones: its byte's lowest bit marks it.
                    let lanes = unsafeBitCast(all, to: SIMD4<UInt64>.self)
                    for word in 0..<4 {
                        var marks = lanes[word] & 0x0101_0101_0101_0101
                        while marks != 0 {
                            let lane = word * 8 + marks.trailingZeroBitCount / 8
                            if count <= 3 || Self.same(at + lane, pattern) { return place + lane }
                            marks &= marks - 1
                        }
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
