/// An item placed in a slot: what the client must draw.
public struct WindowCell: Hashable, Sendable {
    /// The slot the item was dequeued into.
    public let slot: Int
    /// True when the slot came from the pool, false when it was created for this item.
    public let reused: Bool
    /// The item and its geometry.
    public let item: LayoutItem
    /// Who the item is (contact id or section) and the content revision it was bound at.
    public let identity: ItemIdentity
    /// True when the slot already shows this item at the update's base and the cell is
    /// re-sent because its content revision or its place (row, top) changed: the
    /// renderer updates the slot in place. False for an item newly dequeued into it.
    public let refresh: Bool
    /// Why the cell is in a step across data (`ReuseSession.apply(layout:)`): nil when it
    /// entered by scrolling or the data did not change.
    public var change: CellChange? = nil
}

/// What a data change did to a cell the client is sent (docs/api.md, "GET /window"), so
/// that it can animate changes and never a row that merely scrolled in.
public enum CellChange: String, Hashable, Sendable {
    /// A new item where the client's window already was: inserted, or brought there
    /// by a write (moved into the window, or pulled up by a delete).
    case insert
    /// An item the client shows whose row, top or height changed, its content not.
    case move
    /// An item the client shows whose content changed.
    case update
}

/// Counters a client can show to see reuse at work.
public struct WindowStats: Hashable, Sendable {
    /// Slots created in the session so far, per kind: plateaus once the window is full.
    public let created: KindCounts
    /// Items on screen (overscan included) after the update.
    public let visible: Int
    /// Slots waiting in the pool after the update.
    public let pooled: Int
}

/// What changed in a session's window, as sent to a client.
///
/// A delta (`base` set) holds only the cells whose slot shows something new since
/// state `base` (another item, or the same one changed: `WindowCell.refresh`), and
/// the slots that went back to the pool; applying it to the slot
/// map of state `base` gives exactly the full state `seq`. A full update (`base`
/// nil) holds every visible cell; the client drops every slot not in it.
public struct WindowUpdate: Hashable, Sendable {
    /// This state's number within the session.
    public let seq: Int
    /// The state this update is a delta from, or nil for a full update.
    public let base: Int?
    /// Positions (in `ListLayout` item indices) of the visible items.
    public let visible: Range<Int>
    /// Cells to draw, in display order.
    public let cells: [WindowCell]
    /// Slots to hide and return to the client's pool; empty in a full update.
    public let released: [Int]
    /// The slots of `released` whose items left because the data changed (deleted,
    /// or moved out of the window by a write), not because the window moved.
    public var deleted: [Int] = []
    /// Reuse counters after the update.
    public let stats: WindowStats

    /// True when `cells` holds every visible cell.
    public var isFull: Bool { base == nil }
}
