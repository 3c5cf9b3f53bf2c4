/// A set of contact ids as one bit per id up to the largest: what a search finds,
/// filled in any order and tested in O(1) by the pass over the list's order.
///
/// 125 KB per million ids. Ids below zero are never members.
public struct ContactIDSet: Sequence, Sendable {
    private var words: [UInt64]
    /// Members.
    public private(set) var count = 0

    /// An empty set with room for ids up to `largest` without growing.
    public init(largest: Int = 0) {
        words = [UInt64](repeating: 0, count: Swift.max(0, largest) / 64 + 1)
    }

    /// The set of the bits of `words` (id 64 × i + b is bit b of word i).
    package init(words: [UInt64]) {
        self.words = words.isEmpty ? [0] : words
        count = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// Adds `id`.
    /// - Complexity: O(1), amortized when `id` is past the room made at `init`.
    public mutating func insert(_ id: Int) {
        guard id >= 0 else { return }
        let word = id >> 6
        if word >= words.count {
            words += [UInt64](repeating: 0, count: Swift.max(word + 1 - words.count, words.count))
        }
        let bit: UInt64 = 1 << UInt64(id & 63)
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    /// Whether `id` is a member.
    @inline(__always)
    public func contains(_ id: Int) -> Bool {
        let word = id >> 6
        return id >= 0 && word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }

    /// Adds every member of `other`.
    /// - Complexity: O(largest id / 64).
    public mutating func formUnion(_ other: ContactIDSet) {
        if other.words.count > words.count {
            words += [UInt64](repeating: 0, count: other.words.count - words.count)
        }
        var count = 0
        for index in words.indices {
            if index < other.words.count { words[index] |= other.words[index] }
            count += words[index].nonzeroBitCount
        }
        self.count = count
    }

    /// Keeps only the members of `other` too.
    /// - Complexity: O(largest id / 64).
    public mutating func formIntersection(_ other: ContactIDSet) {
        var count = 0
        for index in words.indices {
            words[index] &= index < other.words.count ? other.words[index] : 0
            count += words[index].nonzeroBitCount
        }
        self.count = count
    }

    /// Takes out every member in `ids`.
    /// - Complexity: O(ids' length / 64), within the room the set has.
    public mutating func remove(_ ids: ClosedRange<Int>) {
        let first = Swift.max(0, ids.lowerBound)
        let last = Swift.min(ids.upperBound, words.count * 64 - 1)
        guard first <= last else { return }
        var removed = 0
        for index in (first >> 6)...(last >> 6) {
            let low = index == first >> 6 ? first & 63 : 0
            let high = index == last >> 6 ? last & 63 : 63
            // Bits low...high of this word.
            let mask = (UInt64.max >> UInt64(63 - high)) & (UInt64.max << UInt64(low))
            removed += (words[index] & mask).nonzeroBitCount
            words[index] &= ~mask
        }
        count -= removed
    }

    /// `body`'s result over the set's words (id 64 × i + b is bit b of word i), read in place.
    func withWords<R>(_ body: (UnsafeBufferPointer<UInt64>) throws -> R) rethrows -> R {
        try words.withUnsafeBufferPointer(body)
    }

    /// The members in increasing order.
    public func makeIterator() -> AnyIterator<Int32> {
        var index = 0
        var word: UInt64 = words.first ?? 0
        return AnyIterator {
            while word == 0 {
                index += 1
                guard index < words.count else { return nil }
                word = words[index]
            }
            let bit = word.trailingZeroBitCount
            word &= word - 1
            return Int32(truncatingIfNeeded: index << 6 | bit)
        }
    }
}
