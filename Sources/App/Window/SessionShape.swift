import Contacts
import ReuseEngine

/// A session's layout of one list snapshot: the list's own, with the rows of the
/// contacts it shows expanded taller by their `ExpandedLines` (docs/api.md, "GET /window").
/// Built when the data version or the session's `Expansion` changes, kept otherwise.
struct SessionShape: Sendable {
    /// The data version it was built on.
    let version: Int
    /// The `Expansion.generation` it was built for.
    let generation: Int
    /// The layout the session steps on.
    let layout: ListLayout
    /// The lines of each expanded contact this list shows, by contact id.
    let lines: [Int: [String]]

    /// The list's own layout: nothing expanded.
    init(unexpanded snapshot: ListSnapshot) {
        version = snapshot.version
        generation = 0
        layout = snapshot.layout
        lines = [:]
    }

    /// The layout of `snapshot` with `expansion`'s contacts expanded: each is read
    /// through `store` (pinned at the snapshot's version) for its row and its lines.
    /// - Complexity: O(k (log² n + contact read)) for k expanded contacts, plus
    ///   O(sections log n) for the layout.
    init(_ snapshot: ListSnapshot, expansion: Expansion, reading store: any ContactSource) throws {
        version = snapshot.version
        generation = expansion.generation
        guard !expansion.ids.isEmpty else {
            layout = snapshot.layout
            lines = [:]
            return
        }
        var lines: [Int: [String]] = [:]
        var extras: [(row: Int, extra: Int)] = []
        for id in expansion.ids {
            guard let contact = try store.contact(id: id, in: snapshot.order) else { continue }
            let row = snapshot.selection.map { $0.row(ofBaseRow: contact.position) } ?? contact.position
            guard let row else { continue }
            let shown = ExpandedLines.lines(of: contact)
            lines[id] = shown
            extras.append((row, shown.count * ExpandedLines.lineHeight))
        }
        let base = snapshot.layout
        layout = try ListLayout(
            sectionCounts: base.sectionCounts, heights: base.heights,
            rowHeights: ExpandedRowHeights(base: base.rowHeights, extras: extras))
        self.lines = lines
    }
}
