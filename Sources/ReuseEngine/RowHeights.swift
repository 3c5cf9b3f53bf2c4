/// The heights of a list's contact rows, in row order, as running sums: what
/// `ListLayout` lays rows of different heights out by. An implementation answers
/// both queries in O(log n) (a tree of sums), so that a layout over a million
/// rows costs the same at any depth.
public protocol RowHeights: Sendable {
    /// Rows.
    var count: Int { get }
    /// The pixels of rows `0 ..< row` (0 <= row <= count).
    func height(before row: Int) -> Int
    /// Row `row`'s top (`height(before: row)`) and its own height, found in one
    /// look-up (0 <= row < count).
    func place(ofRow row: Int) -> (above: Int, height: Int)
    /// `place(ofRow:)` of each of `rows`, in order (within `0..<count`); the
    /// extension's default asks row by row.
    func places(ofRows rows: Range<Int>) -> [(above: Int, height: Int)]
    /// The row covering pixel `y` of the rows stacked from row 0: the r with
    /// `height(before: r) <= y < height(before: r + 1)`.
    /// - Precondition: `0 <= y < height(before: count)`.
    func row(atPixel y: Int) -> Int
}

extension RowHeights {
    /// The height of row `row` (0 <= row < count).
    public func height(ofRow row: Int) -> Int { place(ofRow: row).height }

    /// `place(ofRow:)` of each of `rows`, row by row. An implementation over a tree
    /// answers a run in one walk instead.
    public func places(ofRows rows: Range<Int>) -> [(above: Int, height: Int)] {
        rows.map { place(ofRow: $0) }
    }
}

/// Rows all of one height.
public struct UniformRowHeights: RowHeights {
    public let count: Int
    /// Each row's height in pixels (at least 1).
    public let height: Int

    public init(count: Int, height: Int) {
        self.count = count
        self.height = height
    }

    public func height(before row: Int) -> Int { row * height }
    public func place(ofRow row: Int) -> (above: Int, height: Int) { (row * height, height) }
    public func row(atPixel y: Int) -> Int { y / height }
}

/// Rows of the heights given one by one, summed in an array: for tests and
/// small lists (O(n) memory, O(log n) queries).
public struct ArrayRowHeights: RowHeights {
    /// `sums[r]` is the pixels of rows before r; one more than the rows.
    private let sums: [Int]

    /// - Precondition: every height is at least 1.
    public init(_ heights: [Int]) {
        var sums = [0]
        sums.reserveCapacity(heights.count + 1)
        for height in heights {
            precondition(height >= 1, "a row is at least 1 px tall")
            sums.append(sums[sums.count - 1] + height)
        }
        self.sums = sums
    }

    public var count: Int { sums.count - 1 }
    public func height(before row: Int) -> Int { sums[row] }
    public func place(ofRow row: Int) -> (above: Int, height: Int) { (sums[row], sums[row + 1] - sums[row]) }
    public func row(atPixel y: Int) -> Int {
        // The last r with sums[r] <= y.
        var low = 0
        var high = sums.count
        while low < high {
            let middle = (low + high) / 2
            if sums[middle] <= y { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
