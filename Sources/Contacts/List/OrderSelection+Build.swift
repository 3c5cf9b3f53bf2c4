import Dispatch
import Synchronization

extension OrderSelection {
    /// Lists from this many rows on are passed over in two halves at once.
    static let splitFrom = 1 << 20

    /// The rows of `base` whose ids are in `ids`: one pass over `base`, leaf by leaf,
    /// testing a bit per row (in two halves on two threads for a long list).
    /// - Complexity: O(n), and no allocation per row (O(n / 64) over leaves whose ids
    ///   run on by one).
    public init(_ base: ListOrder, keeping ids: ContactIDSet) {
        self.init(base, keeping: ids, halvesFrom: Self.splitFrom)
    }

    /// As `init(_:keeping:)`, in two halves from `halvesFrom` rows on.
    init(_ base: ListOrder, keeping ids: ContactIDSet, halvesFrom: Int) {
        let total = base.count
        guard ids.count > 0 else {
            self.init(base: base, count: 0, lines: 0, storage: .rows(rows: [], linesBefore: [0]))
            return
        }
        // No more rows than ids can be kept (each id is in the order once): few ids
        // are kept as row numbers, 12 bytes each against about 0.17 a row for the bits.
        let sparse = ids.count * 12 < total / 8 + total / Self.blockRows * 12
        // Halves split at a block's first row, so that each fills whole words and blocks.
        let middle = total >= halvesFrom ? total / 2 / Self.blockRows * Self.blockRows : total
        let ranges = middle == total ? [0..<total] : [0..<middle, middle..<total]
        var words = [UInt64](repeating: 0, count: sparse ? 0 : total / 64 + 1)
        let parts = words.withUnsafeMutableBufferPointer { out in
            ids.withWords { set in
                let shared = Shared(set: set, out: out)
                let parts = Parts(count: ranges.count)
                DispatchQueue.concurrentPerform(iterations: ranges.count) { half in
                    var pass = Pass(row: ranges[half].lowerBound, sparse: sparse)
                    pass.run(over: base, to: ranges[half].upperBound, shared)
                    parts.store(pass, at: half)
                }
                return parts.passes
            }
        }
        // The second half's sums start from the first half's.
        var kept = 0
        var lines = 0
        var rows: [UInt32] = []
        var countsBefore: [UInt32] = []
        var linesBefore: [Int] = []
        // Held as long as the results: no room to spare.
        rows.reserveCapacity(parts.reduce(0) { $0 + $1.rows.count })
        countsBefore.reserveCapacity(parts.reduce(1) { $0 + $1.countsBefore.count })
        linesBefore.reserveCapacity(parts.reduce(1) { $0 + $1.linesBefore.count })
        for pass in parts {
            rows += pass.rows
            countsBefore += pass.countsBefore.map { $0 &+ UInt32(truncatingIfNeeded: kept) }
            linesBefore += pass.linesBefore.map { $0 + lines }
            kept += pass.kept
            lines += pass.lines
        }
        countsBefore.append(UInt32(truncatingIfNeeded: kept))
        linesBefore.append(lines)
        let storage: Storage =
            sparse
            ? .rows(rows: rows, linesBefore: linesBefore)
            : .bits(words: words, countsBefore: countsBefore, linesBefore: linesBefore)
        self.init(base: base, count: kept, lines: lines, storage: storage)
    }

    /// The id set's words and the bits being written, shared by the halves (each
    /// writes only the words of its own rows).
    private struct Shared: @unchecked Sendable {
        let set: UnsafeBufferPointer<UInt64>
        let out: UnsafeMutableBufferPointer<UInt64>
    }

    /// Each half's pass, handed over by the half that made it.
    private final class Parts: @unchecked Sendable {
        private let held: Mutex<[Pass]>
        init(count: Int) { held = Mutex(Array(repeating: Pass(row: 0, sparse: true), count: count)) }
        func store(_ pass: Pass, at index: Int) { held.withLock { $0[index] = pass } }
        var passes: [Pass] { held.withLock { $0 } }
    }

    /// One pass over a run of rows: the bits it sets (or the rows it keeps), and per
    /// block the rows kept and their lines before it, counted from the run's start.
    private struct Pass {
        var row: Int
        let sparse: Bool
        var kept = 0
        var lines = 0
        var rows: [UInt32] = []
        var countsBefore: [UInt32] = []
        var linesBefore: [Int] = []

        init(row: Int, sparse: Bool) {
            self.row = row
            self.sparse = sparse
        }

        mutating func run(over base: ListOrder, to end: Int, _ shared: Shared) {
            guard row < end else { return }
            base.forEachLeaf(from: row) { leaf, offset, first in
                let stop = min(leaf.count, offset + end - first)
                if leaf.firstID >= 0 {
                    markRun(of: leaf, from: offset, to: stop, shared)
                } else {
                    leaf.entries.withUnsafeBufferPointer { entries in
                        let part = UnsafeBufferPointer(rebasing: entries[offset..<stop])
                        if sparse { keep(part, shared.set) } else { mark(part, shared) }
                    }
                }
                return first + stop - offset < end
            }
        }

        /// The bits `start ..< start + count` (count at most 64) of `words`, as the low
        /// bits of one word (bits past the words' end are 0).
        @inline(__always)
        private static func bits(_ words: UnsafeBufferPointer<UInt64>, from start: Int, count: Int) -> UInt64
        {
            let (word, shift) = (start >> 6, UInt64(start & 63))
            var value = word < words.count ? words[word] >> shift : 0
            if shift > 0, word + 1 < words.count { value |= words[word + 1] << (64 - shift) }
            return count == 64 ? value : value & ((1 << UInt64(count)) - 1)
        }

        /// Marks entries `start ..< stop` of `leaf`, whose ids run on by one: 64 rows at a
        /// time, their bits taken from the id set and their lines counted on the
        /// leaf's planes.
        private mutating func markRun(
            of leaf: ListOrder.Node, from start: Int, to stop: Int, _ shared: Shared
        ) {
            let (set, out) = (shared.set, shared.out)
            let firstID = Int(leaf.firstID)
            let words = leaf.linePlanes.count / 2
            leaf.linePlanes.withUnsafeBufferPointer { planes in
                let low = UnsafeBufferPointer(rebasing: planes[..<words])
                let high = UnsafeBufferPointer(rebasing: planes[words...])
                var index = start
                while index < stop {
                    let count = min(64, stop - index)
                    let kept = Self.bits(set, from: firstID + index, count: count)
                    let one = Self.bits(low, from: index, count: count)
                    let two = Self.bits(high, from: index, count: count)
                    if sparse {
                        // The kept rows one by one, each with the lines before it.
                        var rest = kept
                        while rest != 0 {
                            let bit = rest.trailingZeroBitCount
                            rest &= rest &- 1
                            rows.append(UInt32(truncatingIfNeeded: row + bit))
                            linesBefore.append(lines)
                            lines += Int(one >> UInt64(bit) & 1) + 2 * Int(two >> UInt64(bit) & 1)
                            self.kept += 1
                        }
                    } else {
                        // A block starts within these rows: its sums are those before it.
                        let boundary =
                            (row + OrderSelection.blockRows - 1) / OrderSelection.blockRows
                            * OrderSelection.blockRows
                        if boundary < row + count {
                            let ahead = kept & ((1 << UInt64(boundary - row)) &- 1)
                            countsBefore.append(UInt32(truncatingIfNeeded: self.kept + ahead.nonzeroBitCount))
                            linesBefore.append(
                                lines + (ahead & one).nonzeroBitCount + 2 * (ahead & two).nonzeroBitCount)
                        }
                        self.kept += kept.nonzeroBitCount
                        lines += (kept & one).nonzeroBitCount + 2 * (kept & two).nonzeroBitCount
                        let (word, shift) = (row >> 6, UInt64(row & 63))
                        out[word] |= kept << shift
                        if shift > 0, count > 64 - Int(shift) { out[word + 1] |= kept >> (64 - shift) }
                    }
                    row += count
                    index += count
                }
            }
        }

        /// Sets the bit of each kept row of `entries` (the rows from `row` on), with no
        /// branch on whether it is kept.
        private mutating func mark(_ entries: UnsafeBufferPointer<OrderEntry>, _ shared: Shared) {
            var (row, kept, lines) = (self.row, self.kept, self.lines)
            let (set, out) = (shared.set, shared.out)
            var word = out[row >> 6]
            for entry in entries {
                if row & (OrderSelection.blockRows - 1) == 0 {
                    countsBefore.append(UInt32(truncatingIfNeeded: kept))
                    linesBefore.append(lines)
                }
                let id = Int(entry.id)
                let bit = id >= 0 && id >> 6 < set.count ? set[id >> 6] >> UInt64(id & 63) & 1 : 0
                word |= bit << UInt64(row & 63)
                kept &+= Int(bit)
                lines &+= Int(bit) &* Int(entry.lines)
                if row & 63 == 63 {
                    out[row >> 6] = word
                    word = 0
                }
                row += 1
            }
            // A word part way through (never the next half's first: halves meet at a word's start).
            if row & 63 != 0 { out[row >> 6] = word }
            (self.row, self.kept, self.lines) = (row, kept, lines)
        }

        /// Adds the kept rows of `entries` (the rows from `row` on) to `rows`.
        private mutating func keep(
            _ entries: UnsafeBufferPointer<OrderEntry>, _ set: UnsafeBufferPointer<UInt64>
        ) {
            for entry in entries {
                let id = Int(entry.id)
                if id >= 0, id >> 6 < set.count, set[id >> 6] >> UInt64(id & 63) & 1 != 0 {
                    rows.append(UInt32(truncatingIfNeeded: row))
                    linesBefore.append(lines)
                    lines += Int(entry.lines)
                    kept += 1
                }
                row += 1
            }
        }
    }
}

extension ListState {
    /// The rows of this list whose ids are in `ids` and the sections they make: a
    /// search's results, sharing this list's order (`OrderSelection`).
    /// - Complexity: O(n) bit tests, O(sections) ranks.
    public func selecting(_ ids: ContactIDSet) -> (selection: OrderSelection, sections: [SectionInfo]) {
        let selection = OrderSelection(order, keeping: ids)
        return (selection, selection.sections(of: sections))
    }
}
