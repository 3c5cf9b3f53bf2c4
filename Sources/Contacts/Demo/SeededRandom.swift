/// SplitMix64: a small seedable generator, so `roster seed` gives the same contacts
/// for the same `--random-seed` on every machine and Swift version (the standard
/// library's generator is neither seedable nor stable).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole output follows from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, cheaply (the slight bias of a modulo is irrelevant here).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
