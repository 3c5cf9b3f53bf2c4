@testable import ReuseEngine

/// What a browser holds once it renders cells by identity: per slot, the item it
/// shows (identity and revision) and where (geometry without the layout index,
/// which the client never sees, and without the index within the section, which
/// follows from the row and the section and is not re-sent alone). Tests apply
/// updates the way the page does (Public/list/model/arrival.js, Public/list/model/slots.js).
struct ClientCells: Equatable {
    struct Shown: Equatable {
        var identity: ItemIdentity
        var entry: BruteForceLayout.Entry
    }

    var slots: [Int: Shown] = [:]

    init() {}

    init(_ full: WindowUpdate) {
        apply(full)
    }

    mutating func apply(_ update: WindowUpdate) {
        if update.isFull { slots = [:] }
        for slot in update.released { slots[slot] = nil }
        for cell in update.cells {
            var entry = cell.item.entry
            entry.item = nil
            slots[cell.slot] = Shown(identity: cell.identity, entry: entry)
        }
    }

    func applying(_ update: WindowUpdate) -> ClientCells {
        var copy = self
        copy.apply(update)
        return copy
    }

    /// The slot showing the item `id`, if one does.
    func slot(of id: ItemIdentity.ID) -> Int? {
        slots.first { $0.value.identity.id == id }?.key
    }
}

extension ClientCells: CustomStringConvertible {
    /// One `slot: kind id rREVISION @top` per slot in slot order, so a failed
    /// comparison reads as two short lists.
    var description: String {
        slots.sorted { $0.key < $1.key }.map { slot, shown in
            "\(slot): \(shown.identity.id.kind) \(shown.identity.id.value) r\(shown.identity.revision)"
                + " row \(shown.entry.row.map(String.init) ?? "-") @\(shown.entry.top)"
        }.joined(separator: ", ")
    }
}
