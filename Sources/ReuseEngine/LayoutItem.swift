/// One item of a `ListLayout`: a section header or a contact, with its geometry.
public struct LayoutItem: Hashable, Sendable {
    /// Position among all items, headers included, in display order. The session
    /// tracks items by this index; it is only meaningful within one layout.
    public let index: Int
    /// Header or contact: the reuse identifier.
    public let kind: ItemKind
    /// The section the item belongs to.
    public let section: Int
    /// The contact's index within its section; nil for a header.
    public let item: Int?
    /// The contact's 0-based position in the whole list (the contract's `row`); nil for a header.
    public let row: Int?
    /// Pixels from the top of the content to the top of the item.
    public let top: Int
    /// The item's height in pixels.
    public let height: Int

    /// Pixels from the top of the content to the item's bottom edge.
    public var bottom: Int { top + height }

    /// True when the two items are drawn alike: the same kind, section, row, top and
    /// height (the contract: a kept cell is re-sent when its content, row or top changed).
    /// `index` is left out (it shifts with every insert above and the client never
    /// sees it), and so is `item`, which can change alone (an insert in an earlier
    /// section and a delete above in this one) while nothing drawn does.
    /// - Complexity: O(1).
    public func isAtSamePlace(as other: LayoutItem) -> Bool {
        kind == other.kind && section == other.section && row == other.row && top == other.top
            && height == other.height
    }
}
