/// What became of the rows a lookahead sent: a session's slots that hold an item
/// sent only because of a `Prefetch` (wholly outside the window as asked, its
/// overscan included) and not yet inside an asked viewport. An item is counted
/// shown when a later viewport as asked (`offset ..< offset + height`, overscan
/// left out) meets it while its slot still holds it, and unseen when its slot is
/// released (or left out of a full update) first.
///
/// The ledger follows the server's steps: answers a client dropped are counted as
/// the server sent them. An empty ledger fed no lookahead costs nothing.
public struct PrefetchLedger: Hashable, Sendable {
    struct Entry: Hashable, Sendable {
        var id: ItemIdentity.ID
        var top: Int
        var bottom: Int
    }

    /// Slot -> the prefetched item it holds.
    var pending: [Int: Entry] = [:]

    public init() {}

    /// Prefetched items not yet shown nor released.
    public var count: Int { pending.count }

    /// What one update did to the ledger.
    public struct Outcome: Hashable, Sendable {
        /// Items sent as a lookahead in this update.
        public var sent = 0
        /// Earlier prefetched items now inside the viewport asked.
        public var shown = 0
        /// Earlier prefetched items released before they were ever shown.
        public var unseen = 0

        public init(sent: Int = 0, shown: Int = 0, unseen: Int = 0) {
            self.sent = sent
            self.shown = shown
            self.unseen = unseen
        }
    }

    /// Takes `update`, the answer to `viewport` (with the lookahead it was laid out
    /// with, if any), and says how many prefetched items it sent, showed and dropped.
    /// - Complexity: O(1) with no lookahead and nothing pending; else O(cells +
    ///   released + pending).
    public mutating func record(_ update: WindowUpdate, viewport: Viewport) -> Outcome {
        var outcome = Outcome()
        let prefetching = Viewport.margin(viewport.above) > 0 || Viewport.margin(viewport.below) > 0
        guard prefetching || !pending.isEmpty else { return outcome }
        for slot in update.released where pending.removeValue(forKey: slot) != nil {
            outcome.unseen += 1
        }
        if update.isFull, !pending.isEmpty {
            let kept = Set(update.cells.map(\.slot))
            for slot in pending.keys where !kept.contains(slot) {
                pending[slot] = nil
                outcome.unseen += 1
            }
        }
        let asked = viewport.asked
        for cell in update.cells {
            let entry = Entry(id: cell.identity.id, top: cell.item.top, bottom: cell.item.bottom)
            if let held = pending[cell.slot] {
                if held.id == entry.id {
                    pending[cell.slot] = entry  // the same item re-sent (moved or changed)
                    continue
                }
                pending[cell.slot] = nil  // another item took the slot: the first was never shown
                outcome.unseen += 1
            }
            let outside = Double(entry.bottom) <= asked.low || Double(entry.top) >= asked.high
            if prefetching, outside, !cell.refresh {
                pending[cell.slot] = entry
                outcome.sent += 1
            }
        }
        let low = asked.offset
        let high = asked.offset + asked.height
        for (slot, entry) in pending where Double(entry.bottom) > low && Double(entry.top) < high {
            pending[slot] = nil
            outcome.shown += 1
        }
        return outcome
    }
}
