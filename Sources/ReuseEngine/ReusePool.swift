/// Slots that are not on screen, one bucket per reuse identifier, and the
/// registry of every slot ever created.
///
/// This is the MiniTableView's `reusePool` grown to UIKit's shape: `dequeue`
/// prefers a pooled slot of the same kind and creates a new one only when that
/// bucket is empty, so a slot never changes kind. Slot IDs are small integers
/// handed out in creation order, unique across kinds.
public struct ReusePool: Hashable, Sendable {
    /// Pooled slots per kind, indexed by `ItemKind.rawValue`; the last one is reused first.
    private var buckets: [[Int]] = Array(repeating: [], count: ItemKind.allCases.count)
    /// The kind of every slot created so far, indexed by slot ID.
    public private(set) var slotKinds: [ItemKind] = []
    /// Slots created so far, per kind.
    public private(set) var created = KindCounts()
    /// Dequeues served from the pool so far, per kind.
    public private(set) var reused = KindCounts()

    /// An empty pool that has created nothing.
    public init() {}

    /// Slots created so far, all kinds: also the ID the next new slot gets.
    public var slotCount: Int { slotKinds.count }

    /// Slots waiting in the pool, all kinds.
    public var pooledCount: Int { buckets.reduce(0) { $0 + $1.count } }

    /// Slots of `kind` waiting in the pool.
    public func pooledCount(of kind: ItemKind) -> Int { buckets[kind.rawValue].count }

    /// A slot for an item of `kind`: a pooled one if any (`reused` is true), else a new one.
    /// - Complexity: O(1) amortized.
    public mutating func dequeue(_ kind: ItemKind) -> (slot: Int, reused: Bool) {
        if let slot = buckets[kind.rawValue].popLast() {
            reused[kind] += 1
            return (slot, true)
        }
        let slot = slotKinds.count
        slotKinds.append(kind)
        created[kind] += 1
        return (slot, false)
    }

    /// Puts `slot`, which must be off screen from now on, back in its kind's bucket.
    /// - Precondition: `slot` was created by this pool and is not pooled already.
    /// - Complexity: O(1) amortized.
    public mutating func enqueue(_ slot: Int) {
        buckets[slotKinds[slot].rawValue].append(slot)
    }

    /// Makes `bound` the slots on screen and every other created slot pooled (a
    /// session going back to an earlier state). Slots pooled before stay in their
    /// order; slots freed by this are reused first.
    /// - Complexity: O(slots).
    public mutating func rebind(_ bound: [Int]) {
        var isBound = [Bool](repeating: false, count: slotCount)
        for slot in bound { isBound[slot] = true }
        var pooled = [Bool](repeating: false, count: slotCount)
        for kind in ItemKind.allCases {
            buckets[kind.rawValue].removeAll { isBound[$0] }
            for slot in buckets[kind.rawValue] { pooled[slot] = true }
        }
        for slot in 0..<slotCount where !isBound[slot] && !pooled[slot] {
            buckets[slotKinds[slot].rawValue].append(slot)
        }
    }
}
