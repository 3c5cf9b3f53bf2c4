@testable import ReuseEngine

/// Every item of a layout listed one by one: the slow, obviously right answer the
/// tests compare `ListLayout`'s binary searches against.
struct BruteForceLayout {
    struct Entry: Equatable {
        var kind: ItemKind
        var section: Int
        var item: Int?
        var row: Int?
        var top: Int
        var height: Int
    }

    let entries: [Entry]
    let contentHeight: Int

    /// With `rowHeights`, row r is `rowHeights[r]` tall; without, `heights.contact`.
    init(sectionCounts: [Int], heights: ListLayout.Heights = .standard, rowHeights: [Int]? = nil) {
        var entries: [Entry] = []
        var top = 0
        var row = 0
        for (section, count) in sectionCounts.enumerated() where count > 0 {
            if heights.header > 0 {
                entries.append(
                    Entry(
                        kind: .header, section: section, item: nil, row: nil, top: top, height: heights.header
                    ))
                top += heights.header
            }
            for item in 0..<count {
                entries.append(
                    Entry(
                        kind: .contact, section: section, item: item, row: row, top: top,
                        height: rowHeights?[row] ?? heights.contact))
                top += rowHeights?[row] ?? heights.contact
                row += 1
            }
        }
        self.entries = entries
        self.contentHeight = top
    }

    /// Indices of the items meeting `[offset - overscan, offset + height + overscan)`.
    func items(in viewport: Viewport) -> [Int] {
        let overscan = max(viewport.overscan, 0)
        let low = viewport.offset - overscan
        let high = viewport.offset + viewport.height + overscan
        guard low < high else { return [] }  // a window without height shows nothing
        return entries.indices.filter { index in
            let entry = entries[index]
            return Double(entry.top) < high && Double(entry.top + entry.height) > low
        }
    }
}

extension LayoutItem {
    var entry: BruteForceLayout.Entry {
        .init(kind: kind, section: section, item: item, row: row, top: top, height: height)
    }
}
