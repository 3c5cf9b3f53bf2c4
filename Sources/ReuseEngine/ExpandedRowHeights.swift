/// Row heights with a few rows made taller: one client's expanded rows (docs/api.md,
/// "GET /window") over the list's own heights, which every client shares.
///
/// The list's heights are a tree of sums, O(log n) a query; a session expands at
/// most a few hundred rows. Rather than a tree of its own per session, the extras
/// are kept sorted by row with their running sums: a row's top is the list's
/// plus the extras of the expanded rows above it (a binary search), and the row
/// at a pixel is found between the two expanded rows whose adjusted tops bracket
/// it (a binary search over tops computed once), then asked of the list with those
/// extras taken off. Every query stays O(log n + log k).
public struct ExpandedRowHeights: RowHeights {
    /// The list's own heights.
    public let base: any RowHeights
    /// The expanded rows, ascending, each once.
    public let rows: [Int]
    /// `extras[i]`: the pixels row `rows[i]` gains.
    public let extras: [Int]
    /// `above[i]`: the extras of `rows[0 ..< i]` (one more than the rows).
    private let above: [Int]
    /// `tops[i]`: row `rows[i]`'s top with the extras above it.
    private let tops: [Int]

    /// `base` with each `(row, extra)` of `extras` taller by `extra` px. Rows outside
    /// `0 ..< base.count` and extras of 0 are left out; a row given twice gains both.
    /// - Precondition: every extra is 0 or more.
    /// - Complexity: O(k log k + k log n) for k extras.
    public init(base: any RowHeights, extras: [(row: Int, extra: Int)]) {
        var merged: [(row: Int, extra: Int)] = []
        for (row, extra) in extras.sorted(by: { $0.row < $1.row }) {
            precondition(extra >= 0, "a row cannot shrink by expanding")
            guard row >= 0, row < base.count, extra > 0 else { continue }
            if merged.last?.row == row {
                merged[merged.count - 1].extra += extra
            } else {
                merged.append((row, extra))
            }
        }
        var above = [0]
        var tops: [Int] = []
        above.reserveCapacity(merged.count + 1)
        tops.reserveCapacity(merged.count)
        for (row, extra) in merged {
            tops.append(base.height(before: row) + above[above.count - 1])
            above.append(above[above.count - 1] + extra)
        }
        self.base = base
        self.rows = merged.map(\.row)
        self.extras = merged.map(\.extra)
        self.above = above
        self.tops = tops
    }

    public var count: Int { base.count }

    /// The pixels all expansions add.
    public var totalExtra: Int { above[above.count - 1] }

    /// How many expanded rows lie before `row`.
    /// - Complexity: O(log k).
    private func expandedBefore(_ row: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public func height(before row: Int) -> Int {
        base.height(before: row) + above[expandedBefore(row)]
    }

    public func place(ofRow row: Int) -> (above: Int, height: Int) {
        let (top, height) = base.place(ofRow: row)
        let position = expandedBefore(row)
        let extra = position < rows.count && rows[position] == row ? extras[position] : 0
        return (top + above[position], height + extra)
    }

    /// The list's run, each place moved down by the extras above it.
    public func places(ofRows range: Range<Int>) -> [(above: Int, height: Int)] {
        guard !range.isEmpty else { return [] }
        var position = expandedBefore(range.lowerBound)
        var row = range.lowerBound
        return base.places(ofRows: range).map { place in
            defer { row += 1 }
            let own = position < rows.count && rows[position] == row
            let result = (place.above + above[position], place.height + (own ? extras[position] : 0))
            if own { position += 1 }
            return result
        }
    }

    public func row(atPixel y: Int) -> Int {
        // The last expanded row whose adjusted top is at most y.
        var low = 0
        var high = tops.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle] <= y { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return base.row(atPixel: y) }
        let position = low - 1
        let row = rows[position]
        if y < tops[position] + base.place(ofRow: row).height + extras[position] { return row }
        // Past it: rows up to the next expanded one sit `above[position + 1]` lower.
        return base.row(atPixel: y - above[position + 1])
    }
}
