/// The rows of a list order that a search keeps, as a list of their own, without
/// copying them: the kept rows of `base` (the whole list's order, shared), marked
/// one bit per row, with the kept rows and their notes lines counted per block of
/// 256 rows. Its row r is the r-th kept row of `base`.
///
/// Total, sections, a row's entry and top, the row at a pixel and a run of rows all
/// come from the blocks' running sums plus at most one block's bits and entries:
/// O(log blocks + 256), nothing per match. A selection keeping few rows (fewer than
/// one in about 67) holds the kept rows' numbers instead (4 bytes each, and 8 of
/// running notes lines), which is less memory than a bit per row; its queries are
/// binary searches.
///
/// Made by one pass over `base` testing each row's id in a `ContactIDSet`
/// (`init(_:keeping:)`): 10,000,000 rows in tens of milliseconds, against building
/// a tree of the matches (`ListState.filtered(keeping:)`, which this replaces for
/// searches and which the tests hold it to).
public struct OrderSelection: Sendable {
    /// The order the rows are kept from.
    public let base: ListOrder
    /// Rows kept.
    public let count: Int
    /// Notes lines of the rows kept.
    public let lines: Int
    let storage: Storage

    enum Storage: Sendable {
        /// Bit r of `words` is base row r; `countsBefore[b]` and `linesBefore[b]` are the
        /// kept rows and their lines before block b (`blockRows` rows), one more than
        /// the blocks.
        case bits(words: [UInt64], countsBefore: [UInt32], linesBefore: [Int])
        /// The kept base rows in order, and the lines before each (one more than the rows).
        case rows(rows: [UInt32], linesBefore: [Int])
    }

    /// Rows per block of running sums.
    static let blockRows = 256
    static let blockWords = blockRows / 64

    init(base: ListOrder, count: Int, lines: Int, storage: Storage) {
        self.base = base
        self.count = count
        self.lines = lines
        self.storage = storage
    }

    /// The memory the selection holds beside `base` (which it shares): its bits or
    /// rows and its running sums, array headers counted as 32 bytes.
    public var memoryBytes: Int {
        switch storage {
        case .bits(let words, let counts, let lines):
            96 + words.capacity * 8 + counts.capacity * 4 + lines.capacity * 8
        case .rows(let rows, let lines):
            64 + rows.capacity * 4 + lines.capacity * 8
        }
    }

    /// The base row of kept row `rank` (0 ..< count).
    /// - Complexity: O(log blocks) plus one block's words.
    public func baseRow(of rank: Int) -> Int {
        precondition(rank >= 0 && rank < count, "row \(rank) of \(count)")
        switch storage {
        case .rows(let rows, _):
            return Int(rows[rank])
        case .bits(let words, let counts, _):
            let block = Self.lastIndex(in: counts, atMost: rank)
            var left = rank - Int(counts[block])
            var word = block * Self.blockWords
            while true {
                let ones = words[word].nonzeroBitCount
                if left < ones { return word << 6 | Self.select(left, in: words[word]) }
                left -= ones
                word += 1
            }
        }
    }

    /// The kept rows before base row `row` (0 ... base.count): for a kept row, its rank;
    /// otherwise the rank the next kept row has.
    /// - Complexity: O(1) plus one block's words, or O(log count).
    public func rank(ofBaseRow row: Int) -> Int {
        precondition(row >= 0 && row <= base.count, "base row \(row) of \(base.count)")
        switch storage {
        case .rows(let rows, _):
            var low = 0
            var high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if Int(rows[middle]) < row { low = middle + 1 } else { high = middle }
            }
            return low
        case .bits(let words, let counts, _):
            let block = row / Self.blockRows
            var rank = Int(counts[block])
            for word in block * Self.blockWords..<(row >> 6) { rank += words[word].nonzeroBitCount }
            let below: UInt64 = (1 << UInt64(row & 63)) &- 1
            return rank + (words[row >> 6] & below).nonzeroBitCount
        }
    }

    /// The kept row at base row `row`, or nil when that row is not kept.
    public func row(ofBaseRow row: Int) -> Int? {
        guard row >= 0, row < base.count else { return nil }
        let rank = rank(ofBaseRow: row)
        return rank < count && baseRow(of: rank) == row ? rank : nil
    }

    /// The entry of kept row `rank`.
    /// - Complexity: O(log n) plus one block's words.
    public subscript(rank: Int) -> OrderEntry { base[baseRow(of: rank)] }

    /// The notes lines of the kept rows before kept row `rank` (0 ... count).
    /// - Complexity: as `entryAndLines(at:)`.
    public func lines(before rank: Int) -> Int {
        precondition(rank >= 0 && rank <= count, "row \(rank) of \(count)")
        return rank == count ? lines : entryAndLines(at: rank).linesBefore
    }

    /// The entry of kept row `rank` and the notes lines of the kept rows before it.
    /// - Complexity: O(log n) plus one block's words and entries.
    public func entryAndLines(at rank: Int) -> (entry: OrderEntry, linesBefore: Int) {
        let row = baseRow(of: rank)
        switch storage {
        case .rows(_, let linesBefore):
            return (base[row], linesBefore[rank])
        case .bits(let words, _, let linesBefore):
            let block = row / Self.blockRows
            var lines = linesBefore[block]
            var found = OrderEntry(id: 0)
            base.forEachSlice(from: block * Self.blockRows) { entries, first in
                for (offset, entry) in entries.enumerated() {
                    let at = first + offset
                    if at == row {
                        found = entry
                        return false
                    }
                    if words[at >> 6] >> UInt64(at & 63) & 1 != 0 { lines += Int(entry.lines) }
                }
                return true
            }
            return (found, lines)
        }
    }

    /// The kept row covering pixel `y` when each is `base` pixels plus `perLine` per
    /// notes line, stacked from kept row 0 (as `ListOrder.row(atPixel:base:perLine:)`).
    /// - Precondition: `0 <= y <` the height of all kept rows; `base >= 1`, `perLine >= 0`.
    /// - Complexity: O(log blocks) plus one block's entries, or O(log count).
    public func row(atPixel y: Int, base height: Int, perLine: Int) -> Int {
        switch storage {
        case .rows(_, let linesBefore):
            // The last rank whose top is at most y.
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if middle * height + linesBefore[middle] * perLine <= y {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return max(0, low - 1)
        case .bits(let words, let counts, let linesBefore):
            // The last block whose first kept row's top is at most y (the sentinel left out).
            guard count > 0 else { return 0 }
            var low = 0
            var high = counts.count - 2
            while low < high {
                let middle = (low + high + 1) / 2
                if Int(counts[middle]) * height + linesBefore[middle] * perLine <= y {
                    low = middle
                } else {
                    high = middle - 1
                }
            }
            var rank = Int(counts[low])
            var y = y - (rank * height + linesBefore[low] * perLine)
            var result: Int?
            base.forEachSlice(from: low * Self.blockRows) { entries, first in
                for (offset, entry) in entries.enumerated() {
                    let at = first + offset
                    guard words[at >> 6] >> UInt64(at & 63) & 1 != 0 else { continue }
                    let rowHeight = height + Int(entry.lines) * perLine
                    if y < rowHeight {
                        result = rank
                        return false
                    }
                    y -= rowHeight
                    rank += 1
                }
                return true
            }
            return result ?? max(0, count - 1)
        }
    }

    /// The entries of kept rows `ranks`, clamped to the kept rows, in order.
    /// - Complexity: O(log n) plus the base rows they span (bits), or O(log n) per row.
    public func entries(in ranks: Range<Int>) -> [OrderEntry] {
        let ranks = ranks.clamped(to: 0..<count)
        guard !ranks.isEmpty else { return [] }
        var result: [OrderEntry] = []
        result.reserveCapacity(ranks.count)
        switch storage {
        case .rows(let rows, _):
            for rank in ranks { result.append(base[Int(rows[rank])]) }
        case .bits(let words, _, _):
            base.forEachSlice(from: baseRow(of: ranks.lowerBound)) { entries, first in
                for (offset, entry) in entries.enumerated() {
                    let at = first + offset
                    guard words[at >> 6] >> UInt64(at & 63) & 1 != 0 else { continue }
                    result.append(entry)
                    if result.count == ranks.count { return false }
                }
                return true
            }
        }
        return result
    }

    /// The kept rows of each of `sections` (the base's, by row): the sections of the selection.
    /// - Complexity: O(sections) ranks.
    public func sections(of sections: [SectionInfo]) -> [SectionInfo] {
        var firstRow = 0
        return sections.map { section in
            let rows =
                rank(ofBaseRow: section.firstRow + section.rows) - rank(ofBaseRow: section.firstRow)
            defer { firstRow += rows }
            return section.with(rows: rows, firstRow: firstRow)
        }
    }

    /// The last index of `counts` (ascending) whose value is at most `value`.
    private static func lastIndex(in counts: [UInt32], atMost value: Int) -> Int {
        var low = 0
        var high = counts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(counts[middle]) <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The position of the `rank`-th set bit of `word` (0-based; `rank` below its bit count).
    @inline(__always)
    static func select(_ rank: Int, in word: UInt64) -> Int {
        var word = word
        for _ in 0..<rank { word &= word &- 1 }
        return word.trailingZeroBitCount
    }
}
