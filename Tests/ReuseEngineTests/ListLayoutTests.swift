import TestSupport
import Testing

@testable import ReuseEngine

struct ListLayoutTests {
    /// Layouts with the awkward shapes: nothing, one row, empty sections at both ends
    /// and between, one big section, headerless, odd heights.
    static let shapes: [([Int], ListLayout.Heights)] = [
        ([], .standard),
        ([0], .standard),
        ([1], .standard),
        ([0, 0, 0], .standard),
        ([0, 1, 0], .standard),
        ([0, 3, 0, 0, 5, 0], .standard),
        ([2, 0, 1, 7], ListLayout.Heights(contact: 1, header: 1)),
        ([1000], ListLayout.Heights(contact: 56, header: 0)),
        ([4, 0, 9, 1], ListLayout.Heights(contact: 37, header: 0)),
        (
            [40, 3, 0, 17, 1, 1, 25, 0, 6, 11, 2, 30, 5, 9, 1, 0, 3, 14, 21, 8, 1, 1, 4, 0, 2, 1, 12],
            .standard
        ),
    ]

    /// Row heights to try on a shape: none (every row `heights.contact` tall), and
    /// random ones (the contract's 56 + 20 per notes line, and anything from 1 px up).
    static func rowHeightChoices(_ counts: [Int], seed: Int) -> [[Int]?] {
        var random = SeededGenerator(seed: UInt64(seed))
        let rows = counts.reduce(0, +)
        let notes = (0..<rows).map { _ in 56 + 20 * Int.random(in: 0...3, using: &random) }
        let any = (0..<rows).map { _ in Int.random(in: 1...200, using: &random) }
        return [nil, notes, any]
    }

    /// The layout of `counts` with `rowHeights` (nil: uniform) and its brute-force model.
    static func layouts(
        _ counts: [Int], _ heights: ListLayout.Heights, _ rowHeights: [Int]?
    ) throws -> (ListLayout, BruteForceLayout) {
        (
            try ListLayout(
                sectionCounts: counts, heights: heights, rowHeights: rowHeights.map(ArrayRowHeights.init)),
            BruteForceLayout(sectionCounts: counts, heights: heights, rowHeights: rowHeights)
        )
    }

    @Test func defaultHeightsAreFiftySixForContactsAndThirtyTwoForHeaders() throws {
        let layout = try ListLayout(sectionCounts: [3])
        #expect(layout.heights.contact == 56)
        #expect(layout.heights.header == 32)
        #expect(layout.contentHeight == 32 + 3 * 56)
        #expect(layout.itemCount == 4)
    }

    @Test func millionContactsInTwentySevenSectionsMatchTheAPIExample() throws {
        var counts = Array(repeating: 37_037, count: 27)
        counts[26] += 1_000_000 - counts.reduce(0, +)
        let layout = try ListLayout(sectionCounts: counts)
        #expect(layout.totalRows == 1_000_000)
        #expect(layout.contentHeight == 56_000_864)
    }

    @Test(arguments: shapes)
    func itemsTileTheContentWithoutGapsOrOverlaps(counts: [Int], heights: ListLayout.Heights) throws {
        for rowHeights in Self.rowHeightChoices(counts, seed: counts.count) {
            try itemsTile(counts, heights, rowHeights)
        }
    }

    private func itemsTile(_ counts: [Int], _ heights: ListLayout.Heights, _ rowHeights: [Int]?) throws {
        let (layout, brute) = try Self.layouts(counts, heights, rowHeights)
        #expect(layout.itemCount == brute.entries.count)
        #expect(layout.contentHeight == brute.contentHeight)
        #expect(layout.totalRows == counts.reduce(0, +))
        var expectedTop = 0
        for index in 0..<layout.itemCount {
            let item = layout.item(at: index)
            #expect(item.index == index)
            #expect(item.top == expectedTop)
            #expect(item.entry == brute.entries[index])
            expectedTop = item.bottom
        }
        #expect(expectedTop == layout.contentHeight)
    }

    @Test(arguments: shapes)
    func runsOfItemsAreTheItemsOneByOne(counts: [Int], heights: ListLayout.Heights) throws {
        for rowHeights in Self.rowHeightChoices(counts, seed: counts.count + 2) {
            let (layout, brute) = try Self.layouts(counts, heights, rowHeights)
            var random = SeededGenerator(seed: UInt64(counts.count * 31 + heights.header))
            for _ in 0..<100 {
                let lower = Int.random(in: -3...(layout.itemCount + 3), using: &random)
                let upper = lower + Int.random(in: 0...40, using: &random)
                let clamped = (lower..<upper).clamped(to: 0..<layout.itemCount)
                let run = layout.items(at: lower..<upper)
                #expect(run.map(\.index) == Array(clamped), "items \(lower)..<\(upper)")
                #expect(run.map(\.entry) == clamped.map { brute.entries[$0] }, "items \(lower)..<\(upper)")
            }
        }
    }

    @Test(arguments: shapes)
    func viewportLookupAgreesWithABruteForceScan(counts: [Int], heights: ListLayout.Heights) throws {
        for rowHeights in Self.rowHeightChoices(counts, seed: counts.count + 1) {
            try viewportLookup(counts, heights, rowHeights)
        }
    }

    private func viewportLookup(_ counts: [Int], _ heights: ListLayout.Heights, _ rowHeights: [Int]?) throws {
        let (layout, brute) = try Self.layouts(counts, heights, rowHeights)
        var random = SeededGenerator(seed: UInt64(counts.count * 7919 + heights.contact))
        let span = Double(max(layout.contentHeight, 1))
        for _ in 0..<3000 {
            let offset: Double
            switch Int.random(in: 0..<4, using: &random) {
            case 0: offset = Double(Int.random(in: -100...(layout.contentHeight + 100), using: &random))
            case 1: offset = Double.random(in: -span...(2 * span), using: &random)
            case 2 where layout.itemCount > 0:
                offset = Double(layout.item(at: Int.random(in: 0..<layout.itemCount, using: &random)).top)
            default: offset = Double(Int.random(in: 0...layout.contentHeight, using: &random)) + 0.5
            }
            let height =
                Int.random(in: 0..<5, using: &random) == 0
                ? Double.random(in: 0...(3 * span), using: &random)
                : Double(Int.random(in: 0...900, using: &random)) + (Bool.random(using: &random) ? 0.25 : 0)
            let overscan = Bool.random(using: &random) ? 0 : Double(Int.random(in: -50...400, using: &random))
            let viewport = Viewport(offset: offset, height: height, overscan: overscan)
            let expected = brute.items(in: viewport)
            let range = layout.items(in: viewport)
            #expect(Array(range) == expected, "viewport \(viewport)")
        }
    }

    @Test func windowAtAnExactBoundaryExcludesTheItemEndingThere() throws {
        let layout = try ListLayout(sectionCounts: [10], heights: .init(contact: 50, header: 0))
        #expect(layout.items(in: Viewport(offset: 100, height: 100)) == 2..<4)
        #expect(layout.items(in: Viewport(offset: 99.5, height: 100)) == 1..<4)
        #expect(layout.items(in: Viewport(offset: 100, height: 100.5)) == 2..<5)
    }

    @Test func zeroRowsShowNothingAnywhere() throws {
        for counts in [[], [0], [0, 0, 0]] {
            let layout = try ListLayout(sectionCounts: counts)
            #expect(layout.contentHeight == 0)
            #expect(layout.itemCount == 0)
            #expect(layout.items(in: Viewport(offset: 0, height: 800)).isEmpty)
            #expect(layout.rows(in: 0..<10) == nil)
            #expect(layout.index(ofRow: 0) == nil)
        }
    }

    @Test func oneRowIsAHeaderAndAContact() throws {
        let layout = try ListLayout(sectionCounts: [0, 1])
        #expect(layout.items(in: Viewport(offset: 0, height: 800)) == 0..<2)
        #expect(layout.items(in: Viewport(offset: 40, height: 1)) == 1..<2)
        #expect(layout.item(at: 1).row == 0)
        #expect(layout.item(at: 1).section == 1)
        #expect(layout.rows(in: 0..<2) == 0...0)
    }

    @Test func windowsThatMissTheContentOrHoldNonFiniteValuesAreEmpty() throws {
        let layout = try ListLayout(sectionCounts: [5, 5])
        let bad: [Viewport] = [
            Viewport(offset: Double(layout.contentHeight), height: 100),
            Viewport(offset: 1e18, height: 100),
            Viewport(offset: -500, height: 100),
            Viewport(offset: 10, height: 0),
            Viewport(offset: 10, height: -20),
            Viewport(offset: .nan, height: 100),
            Viewport(offset: 10, height: .nan),
            Viewport(offset: 10, height: 100, overscan: .nan).withOffset(.infinity),
            Viewport(offset: .infinity, height: 100),
            Viewport(offset: -.infinity, height: .infinity),
        ]
        for viewport in bad {
            #expect(layout.items(in: viewport).isEmpty, "\(viewport)")
        }
    }

    @Test func infiniteOrOversizedWindowsShowEverything() throws {
        let layout = try ListLayout(sectionCounts: [5, 0, 5])
        let everything = 0..<layout.itemCount
        #expect(layout.items(in: Viewport(offset: 0, height: .infinity)) == everything)
        #expect(layout.items(in: Viewport(offset: -.infinity, height: 1)).isEmpty)
        #expect(layout.items(in: Viewport(offset: -1e9, height: 3e9)) == everything)
        #expect(layout.items(in: Viewport(offset: 100, height: 1, overscan: .infinity)) == everything)
        #expect(
            layout.items(in: Viewport(offset: 100, height: 1, overscan: .nan))
                == layout.items(in: Viewport(offset: 100, height: 1)))
    }

    @Test func tenMillionRowsKeepExactTops() throws {
        let layout = try ListLayout(sectionCounts: [4_000_000, 0, 6_000_000])
        #expect(layout.contentHeight == 10_000_000 * 56 + 2 * 32)
        let last = layout.item(at: layout.itemCount - 1)
        #expect(last.row == 9_999_999)
        #expect(last.bottom == layout.contentHeight)
        #expect(
            layout.items(in: Viewport(offset: Double(layout.contentHeight) - 1, height: 800))
                == (layout.itemCount - 1)..<layout.itemCount)
        #expect(layout.top(ofRow: 4_000_000) == 4_000_000 * 56 + 2 * 32)
    }

    @Test(arguments: shapes)
    func rowAndSectionQueriesAgreeWithTheItems(counts: [Int], heights: ListLayout.Heights) throws {
        for rowHeights in Self.rowHeightChoices(counts, seed: counts.count + 2) {
            try rowAndSectionQueries(counts, heights, rowHeights)
        }
    }

    private func rowAndSectionQueries(_ counts: [Int], _ heights: ListLayout.Heights, _ rowHeights: [Int]?)
        throws
    {
        let (layout, brute) = try Self.layouts(counts, heights, rowHeights)
        for (index, entry) in brute.entries.enumerated() where entry.kind == .contact {
            #expect(layout.index(ofRow: entry.row!) == index)
            #expect(layout.top(ofRow: entry.row!) == entry.top)
        }
        #expect(layout.index(ofRow: -1) == nil)
        #expect(layout.index(ofRow: layout.totalRows) == nil)
        var row = 0
        for (section, count) in counts.enumerated() {
            #expect(layout.firstRow(ofSection: section) == row)
            let firstOfSection = brute.entries.first { $0.section == section }
            let nextTop = brute.entries.first { $0.section > section }?.top ?? brute.contentHeight
            #expect(layout.top(ofSection: section) == (firstOfSection?.top ?? nextTop))
            let height = brute.entries.filter { $0.section == section }.map(\.height).reduce(0, +)
            #expect(layout.height(ofSection: section) == height)
            row += count
        }
        // rows(in:) is the first and last contact row among any run of items.
        for lower in 0...brute.entries.count {
            for upper in lower...min(brute.entries.count, lower + 4) {
                let rows = brute.entries[lower..<upper].compactMap(\.row)
                let expected = rows.first.map { $0...rows.last! }
                #expect(layout.rows(in: lower..<upper) == expected)
            }
        }
    }

    @Test func invalidInputsAreRefusedWithAReason() {
        #expect(throws: ReuseEngineError.negativeCount(section: 1, count: -3)) {
            try ListLayout(sectionCounts: [1, -3])
        }
        #expect(throws: ReuseEngineError.invalidHeight(kind: .contact, height: 0)) {
            try ListLayout(sectionCounts: [1], heights: .init(contact: 0))
        }
        #expect(throws: ReuseEngineError.invalidHeight(kind: .header, height: -1)) {
            try ListLayout(sectionCounts: [1], heights: .init(header: -1))
        }
        #expect(throws: ReuseEngineError.contentTooTall) {
            try ListLayout(sectionCounts: [Int.max / 56, Int.max / 56])
        }
        #expect(throws: ReuseEngineError.rowCountMismatch(sections: 3, heights: 2)) {
            try ListLayout(sectionCounts: [1, 2], rowHeights: ArrayRowHeights([56, 76]))
        }
        #expect(
            ReuseEngineError.invalidHeight(kind: .contact, height: 0).description.contains("at least 1 px"))
    }
}

extension Viewport {
    fileprivate func withOffset(_ offset: Double) -> Viewport {
        Viewport(offset: offset, height: height, overscan: overscan)
    }
}
