import Contacts
import ReuseEngine

/// The list at one data version, or a search's results of it: the list's state
/// (sections, order), the rows shown (all of the order, or a search's selection of
/// them) with their sections, and the layout built from those, rows as tall as
/// their notes make them (`OrderRowHeights`, `SelectionRowHeights`).
struct ListSnapshot: Sendable {
    /// The whole list's sections and order, at `version`.
    let state: ListState
    /// A search's matches among `state.order`'s rows; nil when this is the whole list.
    let selection: OrderSelection?
    /// Every section of the list locale's index, of the rows shown, empty ones included (they
    /// take no space in the layout).
    let sections: [SectionInfo]
    /// Geometry of headers and contacts.
    let layout: ListLayout
    /// The sections the contract shows (docs/api.md, "GET /sections"), by index into `sections`:
    /// the locale's own labels and `#` always, the others while the whole list has contacts
    /// in them, so a search shows the same sections as the list it searches.
    let shown: [Int]
    /// Each section's place among `shown` (the `section` of cells and headers); -1 for one not
    /// shown.
    let shownPlace: [Int]

    /// `roster_meta.data_version` of this list.
    var version: Int { state.version }
    /// The whole list's contact ids by row.
    var order: ListOrder { state.order }
    /// Contacts shown.
    var total: Int { layout.totalRows }

    /// The whole list of `state`.
    init(state: ListState) throws {
        self.state = state
        selection = nil
        sections = state.sections
        layout = try ListLayout(
            sectionCounts: state.sections.map(\.rows), rowHeights: OrderRowHeights(order: state.order))
        (shown, shownPlace) = Self.shown(state.sections)
    }

    /// The rows of `state` that `selection` keeps, in `sections` (`ListState.selecting`).
    init(state: ListState, selection: OrderSelection, sections: [SectionInfo]) throws {
        self.state = state
        self.selection = selection
        self.sections = sections
        layout = try ListLayout(
            sectionCounts: sections.map(\.rows), rowHeights: SelectionRowHeights(selection: selection))
        (shown, shownPlace) = Self.shown(state.sections)
    }

    /// The sections of the whole list `sections` that are shown, and each one's place among them.
    private static func shown(_ sections: [SectionInfo]) -> ([Int], [Int]) {
        var shown: [Int] = []
        var place = [Int](repeating: -1, count: sections.count)
        for section in sections where section.isOwn || section.rows > 0 {
            place[section.index] = shown.count
            shown.append(section.index)
        }
        return (shown, place)
    }

    /// The snapshot of what `store` holds now.
    /// - Complexity: O(n): the order is read whole.
    init(store: any ContactSource) throws {
        try self.init(state: store.listState())
    }

    /// The entries of rows `rows` shown, in row order.
    /// - Complexity: O(log n + rows.count) (a search's: plus the list's rows they span).
    func entries(in rows: Range<Int>) -> [OrderEntry] {
        selection?.entries(in: rows) ?? state.order.entries(in: rows)
    }

    /// The row shown of contact `id`, or nil when it is not shown, read through `store`
    /// (whose pinned read sees this version).
    /// - Complexity: O(log² n) plus O(log n) key reads.
    func row(ofContact id: Int, reading store: any ContactSource) throws -> Int? {
        guard let row = try store.row(ofContact: id, in: state.order) else { return nil }
        guard let selection else { return row }
        return selection.row(ofBaseRow: row)
    }

    /// The first row shown whose sort name starts with `prefix`, or where such a row would go.
    /// - Complexity: O(log² n) plus O(log n) key reads.
    func row(startingWith prefix: String, reading store: any ContactSource) throws -> Int {
        let row = try store.row(startingWith: prefix, in: state.order)
        return selection?.rank(ofBaseRow: row) ?? row
    }
}
