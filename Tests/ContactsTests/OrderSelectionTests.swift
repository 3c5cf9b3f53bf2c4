import Testing

@testable import Contacts

/// A search's selection of rows against the simple filtered list (`ListState.filtered`,
/// a tree of the matches): the same rows, entries, sections, lines and pixels.
struct OrderSelectionTests {
    /// A list of `size` contacts with shuffled ids (or ids in row order, as a seed
    /// writes them) and random notes lines, in English's sections, its order edited so that
    /// its leaves are of uneven sizes (and some no longer hold ids that run on by one).
    private static func list(size: Int, random: inout SeededRandom, inOrder: Bool = false) -> ListState {
        var ids = Array(0..<size)
        if !inOrder { ids.shuffle(using: &random) }
        var entries = ids.map { OrderEntry(id: $0, lines: random.below(7) < 5 ? 0 : random.below(4)) }
        var order = ListOrder(entries)
        for step in 0..<min(size, 400) {
            let rank = random.below(entries.count)
            if step % 2 == 0 {
                let entry = OrderEntry(id: size + step, lines: random.below(4))
                entries.insert(entry, at: rank)
                order = order.inserting(entry, at: rank)
            } else {
                entries.remove(at: rank)
                order = order.removing(at: rank)
            }
        }
        var sections: [SectionInfo] = []
        var firstRow = 0
        let titles = ListLocale.english.titles
        for (index, title) in titles.enumerated() {
            let rows =
                index == titles.count - 1
                ? order.count - firstRow : min(order.count - firstRow, random.below(order.count / 13 + 2))
            sections.append(SectionInfo(index: index, title: title, rows: rows, firstRow: firstRow))
            firstRow += rows
        }
        return ListState(version: 9, sections: sections, order: order)
    }

    @Test(arguments: [
        (0, false), (1, false), (300, false), (5_000, false), (40_000, false), (1, true), (5_000, true),
        (40_000, true),
    ])
    func aSelectionIsTheFilteredListRowForRow(size: Int, inOrder: Bool) {
        var random = SeededRandom(seed: UInt64(size) + 11)
        let list = Self.list(size: size, random: &random, inOrder: inOrder)
        if inOrder && size >= 5_000 {
            // Leaves whose ids run on by one (read a word at a time), and edited ones.
            var runs = 0
            var leaves = 0
            list.order.forEachLeaf(from: 0) { leaf, _, _ in
                leaves += 1
                if leaf.firstID >= 0 { runs += 1 }
                return true
            }
            #expect(runs > 0 && runs < leaves, "\(runs) of \(leaves) leaves run on")
        }
        let largest = size + 400
        // Per 100,000: none, one in a thousand (rows kept by number), 1%, 10%, half,
        // all (bits), and every id but one in fifty.
        for density in [0, 100, 1_000, 10_000, 50_000, 100_000, 98_000] {
            var ids = ContactIDSet()
            for id in 0..<largest where random.below(100_000) < density { ids.insert(id) }
            let (selection, sections) = list.selecting(ids)
            let filtered = list.filtered(keeping: ids)
            let expected = filtered.order.allEntries
            let context = "size \(size)\(inOrder ? " in order" : ""), density \(density)"
            // Made in two halves at once, the same rows and sums.
            let halves = OrderSelection(list.order, keeping: ids, halvesFrom: 0)
            #expect(halves.count == selection.count && halves.lines == selection.lines, "\(context)")
            #expect(halves.entries(in: 0..<halves.count) == expected, "\(context) in halves")
            #expect(halves.sections(of: list.sections) == sections, "\(context) in halves")
            for _ in 0..<(expected.isEmpty ? 0 : 200) {
                let rank = random.below(expected.count)
                #expect(
                    halves.lines(before: rank) == filtered.order.lines(before: rank), "\(context) in halves")
            }
            #expect(selection.count == expected.count, "\(context)")
            #expect(selection.lines == filtered.order.lines, "\(context)")
            #expect(sections == filtered.sections, "\(context)")
            #expect(selection.entries(in: 0..<selection.count) == expected, "\(context)")
            // Every row, or a sample of a large selection.
            let ranks =
                expected.count <= 3_000
                ? Array(0..<expected.count)
                : (0..<3_000).map { _ in
                    random.below(expected.count)
                }
            for rank in ranks {
                #expect(selection[rank] == expected[rank], "\(context): row \(rank)")
                let (entry, lines) = selection.entryAndLines(at: rank)
                #expect(entry == expected[rank] && lines == filtered.order.lines(before: rank))
                #expect(selection.lines(before: rank) == lines)
                let baseRow = selection.baseRow(of: rank)
                #expect(list.order[baseRow] == expected[rank])
                #expect(
                    selection.rank(ofBaseRow: baseRow) == rank && selection.row(ofBaseRow: baseRow) == rank)
                let upper = rank + random.below(40)
                #expect(
                    selection.entries(in: rank..<upper) == Array(expected[rank..<min(upper, expected.count)]))
            }
            #expect(selection.lines(before: selection.count) == selection.lines)
            // Rows not kept have no row of their own; their rank is the next kept row's.
            for _ in 0..<min(size, 500) {
                let baseRow = random.below(list.order.count)
                let kept = ids.contains(Int(list.order[baseRow].id))
                #expect((selection.row(ofBaseRow: baseRow) != nil) == kept, "\(context): base row \(baseRow)")
                let before = list.order.entries(in: 0..<baseRow).filter { ids.contains(Int($0.id)) }.count
                #expect(selection.rank(ofBaseRow: baseRow) == before)
            }
            #expect(selection.rank(ofBaseRow: list.order.count) == selection.count)
            // The row at a pixel, as the filtered tree finds it.
            let height = selection.count * 56 + selection.lines * 20
            for _ in 0..<(height > 0 ? 500 : 0) {
                let y = random.below(height)
                #expect(
                    selection.row(atPixel: y, base: 56, perLine: 20)
                        == filtered.order.row(atPixel: y, base: 56, perLine: 20), "\(context): y \(y)")
            }
        }
    }

    @Test func fewRowsAreKeptByNumberAndManyAsBits() {
        var random = SeededRandom(seed: 4)
        let list = Self.list(size: 100_000, random: &random)
        var few = ContactIDSet()
        for id in stride(from: 0, to: 100_000, by: 1_000) { few.insert(id) }
        var many = ContactIDSet()
        for id in stride(from: 0, to: 100_000, by: 3) { many.insert(id) }
        let sparse = OrderSelection(list.order, keeping: few)
        let dense = OrderSelection(list.order, keeping: many)
        // 100 rows as numbers (4 bytes, 8 of lines) against 12.5 KB of bits and the
        // blocks' sums (391 blocks, 12 bytes each).
        #expect(sparse.memoryBytes < 100 * 12 + 200)
        #expect(dense.memoryBytes >= 100_000 / 8 + 391 * 12)
        #expect(dense.memoryBytes < 100_000 / 8 + 392 * 12 + 400)
        guard case .rows = sparse.storage, case .bits = dense.storage else {
            Issue.record("storage chosen against the count")
            return
        }
    }
}
