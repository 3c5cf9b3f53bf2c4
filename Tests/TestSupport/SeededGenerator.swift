/// SplitMix64: a small, fast, seedable generator, so every property test replays
/// exactly from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// `bytes` with one to four bytes replaced (by one of `interesting`, or any
    /// byte), dropped, or followed by a copy of up to eight bytes: the mutations
    /// the corpus replays apply to fuzz seeds.
    public mutating func mutated(_ bytes: [UInt8], interesting: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + next() % 4) where !bytes.isEmpty {
            let at = Int(next() % UInt64(bytes.count))
            switch next() % 4 {
            case 0: bytes[at] = interesting[Int(next() % UInt64(interesting.count))]
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8)], at: at)
            default: bytes[at] = UInt8(truncatingIfNeeded: next())
            }
        }
        return bytes
    }
}
