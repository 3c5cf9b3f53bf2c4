/// The list at one data version, as a reader needs it: the version, the sections
/// and the order (contact ids by row). Values: a writer makes the next state from
/// this one without disturbing readers of this one.
public struct ListState: Sendable {
    /// `roster_meta.data_version` of this state.
    public let version: Int
    /// Every section of the list locale's index, empty ones included.
    public let sections: [SectionInfo]
    /// Contact ids (and revisions) by row.
    public let order: ListOrder

    /// A state of its parts; `sections` must count `order`'s contacts.
    public init(version: Int, sections: [SectionInfo], order: ListOrder) {
        self.version = version
        self.sections = sections
        self.order = order
    }

    /// Contacts in the list.
    public var total: Int { order.count }

    /// This list at `version` with `entry`, a contact of section `section`, added at `row`.
    /// - Complexity: O(log n + sections).
    public func inserting(_ entry: OrderEntry, at row: Int, section: Int, version: Int) -> ListState {
        ListState(
            version: version, sections: sections(adding: section, removing: nil),
            order: order.inserting(entry, at: row))
    }

    /// This list at `version` without the contact at `row`, of section `section`.
    /// - Complexity: O(log n + sections).
    public func removing(at row: Int, section: Int, version: Int) -> ListState {
        ListState(
            version: version, sections: sections(adding: nil, removing: section),
            order: order.removing(at: row))
    }

    /// This list at `version` with the entry at `row` replaced by `entry` (the contact
    /// kept its place).
    /// - Complexity: O(log n).
    public func replacing(at row: Int, with entry: OrderEntry, version: Int) -> ListState {
        ListState(version: version, sections: sections, order: order.replacing(at: row, with: entry))
    }

    /// The sections after one contact joins section `added` and/or one leaves
    /// section `removed`.
    /// - Complexity: O(sections).
    public func sections(adding added: Int?, removing removed: Int?) -> [SectionInfo] {
        sections(
            rows: sections.map {
                $0.rows + ($0.index == added ? 1 : 0) - ($0.index == removed ? 1 : 0)
            })
    }

    /// These sections holding `rows[s]` contacts each, first rows following.
    /// - Complexity: O(sections).
    func sections(rows: [Int]) -> [SectionInfo] {
        var firstRow = 0
        return zip(sections, rows).map { section, rows in
            defer { firstRow += rows }
            return section.with(rows: rows, firstRow: firstRow)
        }
    }
}
