/// One client's table view, kept on the server: which slot shows which visible
/// item, the pool of off-screen slots, and the last few states the client may
/// have applied.
///
/// A step is the MiniTableView's `layoutSubviews`: items that left the window go
/// back to the pool first, then each item that entered asks the pool before a
/// new slot is created. That order is what makes creation plateau at the largest
/// number of items of a kind ever visible at once.
///
/// Items are tracked by their `ListLayout` index. Because a viewport always shows
/// a contiguous run of items, a state is that run's first index and one slot per
/// item, and a step costs O(log sections + items entering + items leaving) when
/// the run moves.
public struct ReuseSession: Sendable {
    /// A visible item's slot, and whether that slot came from the pool.
    struct Binding: Hashable, Sendable {
        var slot: Int
        var reused: Bool
    }

    /// A numbered state: items `first ..< first + bindings.count` are visible,
    /// item `first + k` in slot `bindings[k].slot`.
    struct State: Sendable {
        var seq: Int
        var first: Int
        var bindings: [Binding]

        var range: Range<Int> { first..<(first + bindings.count) }

        func binding(of index: Int) -> Binding? {
            range.contains(index) ? bindings[index - first] : nil
        }
    }

    /// The layout the item indices refer to.
    public private(set) var layout: ListLayout
    /// The slots off screen and the count of those ever created.
    public private(set) var pool = ReusePool()
    /// How many earlier states are kept for `update(since:)`.
    public let historyLimit: Int
    private var current: State
    /// Earlier states, oldest first; at most `historyLimit`.
    private var history: [State] = []

    /// A session over `layout` showing nothing yet, at state 0.
    public init(layout: ListLayout, historyLimit: Int = 16) {
        self.layout = layout
        self.historyLimit = max(historyLimit, 0)
        self.current = State(seq: 0, first: 0, bindings: [])
    }

    /// The current state's number; each step or reload adds one.
    public var seq: Int { current.seq }

    /// The item indices visible now.
    public var visible: Range<Int> { current.range }

    /// Moves the window to `viewport` and returns the delta from the previous state.
    /// - Complexity: O(log sections + entering + leaving items).
    public mutating func step(to viewport: Viewport) -> WindowUpdate {
        let old = current
        let range = layout.items(in: viewport)
        var released: [Int] = []
        var cells: [WindowCell] = []
        var bindings = old.bindings
        if range != old.range {
            // 1. Items that left the window give their slots back to the pool.
            for index in old.range where !range.contains(index) {
                let slot = old.bindings[index - old.first].slot
                pool.enqueue(slot)
                released.append(slot)
            }
            // 2. Items that entered ask the pool first; those that stayed keep their slot.
            bindings = []
            bindings.reserveCapacity(range.count)
            for index in range {
                if let kept = old.binding(of: index) {
                    bindings.append(kept)
                } else {
                    let item = layout.item(at: index)
                    let (slot, reused) = pool.dequeue(item.kind)
                    bindings.append(Binding(slot: slot, reused: reused))
                    cells.append(WindowCell(slot: slot, reused: reused, item: item))
                }
            }
        }
        remember(old)
        current = State(seq: old.seq + 1, first: range.lowerBound, bindings: bindings)
        return update(base: old.seq, cells: cells, released: released)
    }

    /// Every visible cell, for a client that has nothing to build on.
    /// - Complexity: O(visible items × log sections).
    public func fullUpdate() -> WindowUpdate {
        let cells = current.bindings.enumerated().map { offset, binding in
            WindowCell(
                slot: binding.slot, reused: binding.reused,
                item: layout.item(at: current.first + offset))
        }
        return update(base: nil, cells: cells, released: [])
    }

    /// The delta from state `base` to the current one, or nil when `base` is neither
    /// the current state nor one of the last `historyLimit` states.
    ///
    /// A cell is sent when its slot shows a different item than at `base` (or was
    /// not showing anything); a slot is released when it showed an item at `base`
    /// and shows none now.
    /// - Complexity: O(visible items at both states × log sections + slots).
    public func update(since base: Int) -> WindowUpdate? {
        let old: State
        if base == current.seq {
            old = current
        } else if let remembered = history.last(where: { $0.seq == base }) {
            old = remembered
        } else {
            return nil
        }
        var bound = [Bool](repeating: false, count: pool.slotCount)
        var cells: [WindowCell] = []
        for (offset, binding) in current.bindings.enumerated() {
            bound[binding.slot] = true
            let index = current.first + offset
            if old.binding(of: index)?.slot != binding.slot {
                cells.append(
                    WindowCell(slot: binding.slot, reused: binding.reused, item: layout.item(at: index)))
            }
        }
        let released = old.bindings.lazy.map(\.slot).filter { !bound[$0] }
        return update(base: base, cells: cells, released: Array(released))
    }

    /// Moves the window to `viewport` and answers by API.md's `ack` rule: a delta
    /// from state `ack` when the client has applied it and it is still remembered,
    /// else every visible cell. A missing `ack`, or one the session never sent
    /// before this step, gets a full update.
    public mutating func advance(to viewport: Viewport, ack: Int?) -> WindowUpdate {
        let previous = current.seq
        let delta = step(to: viewport)
        guard let ack, ack <= previous else { return fullUpdate() }
        if ack == previous { return delta }
        return update(since: ack) ?? fullUpdate()
    }

    /// Switches to a new layout (the data changed), as `reloadData` does: every visible
    /// slot goes back to the pool, nothing is visible, and earlier states are forgotten,
    /// so the client's next `advance` gets a full update. Slots and counters carry over.
    public mutating func reload(layout: ListLayout) {
        for binding in current.bindings {
            pool.enqueue(binding.slot)
        }
        self.layout = layout
        history.removeAll()
        current = State(seq: current.seq + 1, first: 0, bindings: [])
    }

    private mutating func remember(_ state: State) {
        guard historyLimit > 0 else { return }
        if history.count == historyLimit {
            history.removeFirst()
        }
        history.append(state)
    }

    private func update(base: Int?, cells: [WindowCell], released: [Int]) -> WindowUpdate {
        WindowUpdate(
            seq: current.seq, base: base, visible: current.range, cells: cells, released: released,
            stats: WindowStats(
                created: pool.created, visible: current.bindings.count, pooled: pool.pooledCount))
    }
}
