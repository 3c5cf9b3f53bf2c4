import Contacts
import ReuseEngine

/// The list order as the layout's row heights (docs/api.md, "GET /window"): a contact is `base` px
/// plus `perLine` px per line of notes it shows, summed by the order's own tree.
struct OrderRowHeights: RowHeights {
    /// A contact row without notes.
    static let base = ListLayout.Heights.standard.contact
    /// Each line of notes.
    static let perLine = 20

    let order: ListOrder

    var count: Int { order.count }

    func height(before row: Int) -> Int {
        row * Self.base + order.lines(before: row) * Self.perLine
    }

    func place(ofRow row: Int) -> (above: Int, height: Int) {
        let (entry, lines) = order.entryAndLines(at: row)
        return (row * Self.base + lines * Self.perLine, Self.base + Int(entry.lines) * Self.perLine)
    }

    /// One walk down the order for the run, then its entries in turn.
    func places(ofRows rows: Range<Int>) -> [(above: Int, height: Int)] {
        guard !rows.isEmpty else { return [] }
        var lines = order.lines(before: rows.lowerBound)
        var row = rows.lowerBound
        return order.entries(in: rows).map { entry in
            defer {
                lines += Int(entry.lines)
                row += 1
            }
            return (row * Self.base + lines * Self.perLine, Self.base + Int(entry.lines) * Self.perLine)
        }
    }

    func row(atPixel y: Int) -> Int {
        order.row(atPixel: y, base: Self.base, perLine: Self.perLine)
    }
}
