import Contacts
import ReuseEngine

/// A search's selection of the list's rows as the layout's row heights: each kept
/// row as tall as in the whole list (`OrderRowHeights`), summed by the selection's
/// blocks.
struct SelectionRowHeights: RowHeights {
    let selection: OrderSelection

    var count: Int { selection.count }

    func height(before row: Int) -> Int {
        row * OrderRowHeights.base + selection.lines(before: row) * OrderRowHeights.perLine
    }

    func place(ofRow row: Int) -> (above: Int, height: Int) {
        let (entry, lines) = selection.entryAndLines(at: row)
        return (
            row * OrderRowHeights.base + lines * OrderRowHeights.perLine,
            OrderRowHeights.base + Int(entry.lines) * OrderRowHeights.perLine
        )
    }

    func row(atPixel y: Int) -> Int {
        selection.row(atPixel: y, base: OrderRowHeights.base, perLine: OrderRowHeights.perLine)
    }
}
