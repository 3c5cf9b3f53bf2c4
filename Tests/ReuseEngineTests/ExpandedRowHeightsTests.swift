import TestSupport
import Testing

@testable import ReuseEngine

/// Expanded rows over the list's heights, against the same rows summed into an array.
struct ExpandedRowHeightsTests {
    /// Random lists (uniform or of notes' heights) and random expansions (none, one,
    /// the first and last rows, neighbours, a row given twice, rows out of range):
    /// every query equals the array of the expanded heights.
    @Test(arguments: [0, 1, 2, 7, 60, 400] as [Int], [1, 2, 3] as [UInt64])
    func everyQueryMatchesTheSummedHeights(rows: Int, seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 7_919 &+ UInt64(rows))
        let heights = (0..<rows).map { _ in 56 + 20 * Int.random(in: 0...3, using: &random) }
        let bases: [(any RowHeights, [Int])] = [
            (ArrayRowHeights(heights), heights),
            (UniformRowHeights(count: rows, height: 56), [Int](repeating: 56, count: rows)),
        ]
        for (base, plain) in bases {
            for _ in 0..<6 {
                var extras: [(row: Int, extra: Int)] = []
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    extras.append(
                        (
                            Int.random(in: -2...(rows + 1), using: &random),
                            20 * Int.random(in: 0...6, using: &random)
                        ))
                }
                if rows > 0, Bool.random(using: &random) {
                    extras += [(0, 40), (rows - 1, 60)]
                }
                var summed = plain
                for (row, extra) in extras where row >= 0 && row < rows { summed[row] += extra }
                let expected = ArrayRowHeights(summed)
                let expanded = ExpandedRowHeights(base: base, extras: extras)
                #expect(expanded.count == rows)
                #expect(expanded.totalExtra == summed.reduce(0, +) - plain.reduce(0, +))
                for row in 0...rows {
                    #expect(expanded.height(before: row) == expected.height(before: row))
                }
                for row in 0..<rows {
                    #expect(expanded.place(ofRow: row) == expected.place(ofRow: row))
                }
                if rows > 0 {
                    let low = Int.random(in: 0..<rows, using: &random)
                    let high = Int.random(in: low...rows, using: &random)
                    #expect(
                        expanded.places(ofRows: low..<high).map { [$0.above, $0.height] }
                            == expected.places(ofRows: low..<high).map { [$0.above, $0.height] })
                }
                let total = expected.height(before: rows)
                for y in stride(from: 0, to: total, by: max(1, total / 3_000)) {
                    #expect(expanded.row(atPixel: y) == expected.row(atPixel: y), "y \(y)")
                }
                // Each row's first and last pixel, where an off-by-one would show.
                for row in 0..<rows {
                    let (top, height) = expected.place(ofRow: row)
                    #expect(expanded.row(atPixel: top) == row)
                    #expect(expanded.row(atPixel: top + height - 1) == row)
                }
            }
        }
    }

    /// A layout over expanded rows is the layout over the summed heights: sections'
    /// tops, the content height, items and the items a viewport shows.
    @Test func aLayoutOverExpandedRowsIsTheLayoutOfTheirHeights() throws {
        let counts = [3, 0, 5, 1, 4]
        let plain = [56, 76, 56, 96, 56, 56, 56, 116, 56, 56, 76, 56, 56]
        let extras = [(row: 1, extra: 60), (row: 7, extra: 20), (row: 12, extra: 100)]
        var summed = plain
        for (row, extra) in extras { summed[row] += extra }
        let expanded = try ListLayout(
            sectionCounts: counts,
            rowHeights: ExpandedRowHeights(base: ArrayRowHeights(plain), extras: extras))
        let expected = try ListLayout(sectionCounts: counts, rowHeights: ArrayRowHeights(summed))
        #expect(expanded.contentHeight == expected.contentHeight)
        #expect(expanded.contentHeight == summed.reduce(0, +) + 4 * 32)
        for section in 0..<counts.count {
            #expect(expanded.top(ofSection: section) == expected.top(ofSection: section))
            #expect(expanded.height(ofSection: section) == expected.height(ofSection: section))
        }
        #expect(expanded.items(at: 0..<expanded.itemCount) == expected.items(at: 0..<expected.itemCount))
        for offset in stride(from: 0.0, to: Double(expected.contentHeight), by: 37) {
            let viewport = Viewport(offset: offset, height: 300, overscan: 20)
            #expect(expanded.items(in: viewport) == expected.items(in: viewport))
        }
    }

    /// Over a million rows the queries stay exact at any depth: the rows past an
    /// expansion sit lower by exactly its extra.
    @Test func aMillionRowsWithTwoHundredExpansions() {
        let base = UniformRowHeights(count: 1_000_000, height: 56)
        let extras = (0..<200).map { (row: $0 * 4_999 + 3, extra: 20 * ($0 % 5 + 1)) }
        let expanded = ExpandedRowHeights(base: base, extras: extras)
        var added = 0
        for (row, extra) in extras {
            #expect(expanded.height(before: row) == row * 56 + added)
            #expect(expanded.place(ofRow: row).height == 56 + extra)
            #expect(expanded.row(atPixel: row * 56 + added + 56 + extra - 1) == row)
            added += extra
            #expect(expanded.row(atPixel: (row + 1) * 56 + added) == row + 1)
        }
        #expect(expanded.height(before: 1_000_000) == 56_000_000 + added)
        #expect(expanded.row(atPixel: 56_000_000 + added - 1) == 999_999)
    }
}
