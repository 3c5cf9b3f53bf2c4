/// One client's table view, kept on the server: which slot shows which visible
/// item, the pool of off-screen slots, and the last few states the client may
/// have applied.
///
/// A step is the MiniTableView's `layoutSubviews`: items that left the window go
/// back to the pool first, then each item that entered asks the pool before a
/// new slot is created. That order is what makes creation plateau at the largest
/// number of items of a kind ever visible at once.
///
/// Within one data generation (one `ListLayout`), items are found by their layout
/// index: a viewport always shows a contiguous run of items, so a state is that
/// run's first index and one binding per item, and a step costs O(log sections +
/// items entering + items leaving) when the run moves. Each binding also keeps its
/// item's identity (contact id or section, and content revision), asked of the
/// caller only for entering items. When the data changes (`apply(layout:)`), the
/// next step and every later delta match items by identity instead, as a diffable
/// data source does: a kept item keeps its slot, a gone one is released, a new one
/// is dequeued, and only what changed is sent (see ReuseSession+Identity.swift).
public struct ReuseSession: Sendable {
    /// A visible item's slot, whether that slot came from the pool, and the item's
    /// identity. The kind is the slot's, so it is not stored: 24 bytes a binding.
    struct Binding: Hashable, Sendable {
        var id: Int
        var revision: Int
        var slot: Int32
        var reused: Bool
    }

    /// A numbered state: items `first ..< first + bindings.count` of the layout of
    /// data generation `epoch` are visible, item `first + k` in slot `bindings[k].slot`,
    /// for a client at `viewport` (kept for anchoring).
    struct State: Sendable {
        var seq: Int
        var epoch: Int
        var viewport: Viewport
        var first: Int
        var bindings: [Binding]

        var range: Range<Int> { first..<(first + bindings.count) }

        func binding(of index: Int) -> Binding? {
            range.contains(index) ? bindings[index - first] : nil
        }
    }

    /// The layout of the newest data; the next step lays the window out on it.
    public internal(set) var layout: ListLayout
    /// The slots off screen and the count of those ever created.
    public internal(set) var pool = ReusePool()
    /// How many earlier states are kept for `update(since:)`.
    public let historyLimit: Int
    /// The data generation `layout` belongs to: `apply(layout:)` and `reload(layout:)` add one.
    public internal(set) var epoch = 0
    var current: State
    /// Earlier states, at most `historyLimit`, as a ring: the oldest is at
    /// `historyHead`. Their seqs run without a gap up to `current.seq - 1`, since a
    /// step remembers the state it leaves and a reload forgets them all.
    var history: [State] = []
    var historyHead = 0
    /// The layouts of earlier generations that a kept state still refers to.
    var pastLayouts: [(epoch: Int, layout: ListLayout)] = []

    /// A session over `layout` showing nothing yet, at state 0.
    public init(layout: ListLayout, historyLimit: Int = 16) {
        self.layout = layout
        self.historyLimit = max(historyLimit, 0)
        self.current = State(
            seq: 0, epoch: 0, viewport: Viewport(offset: 0, height: 0), first: 0, bindings: [])
    }

    /// The current state's number; each step or reload adds one.
    public var seq: Int { current.seq }

    /// The window the current state was laid out for, with its lookahead.
    public var viewport: Viewport { current.viewport }

    /// The item indices visible now, in the layout of the current state's data
    /// (`layout` once a step has followed `apply(layout:)`).
    public var visible: Range<Int> { current.range }

    /// Moves the window to `viewport` and returns the delta from the previous state,
    /// taking items' identities from their positions (`ItemIdentity.positional`):
    /// for callers whose data only changes through `reload(layout:)`.
    /// - Complexity: O(log sections + entering + leaving items).
    public mutating func step(to viewport: Viewport) -> WindowUpdate {
        step(to: viewport, identity: ItemIdentity.positional)
    }

    /// Moves the window to `viewport` and returns the delta from the previous state.
    ///
    /// `identity` names each item the session has not bound yet: it is called once for
    /// every entering item of `layout` (after `apply(layout:)`, for every visible one),
    /// in display order, and must give an identity of the item's kind. A caller that
    /// read the ids and revisions of rows `firstRow...` into an array passes
    /// `{ $0.row.map { read[$0 - firstRow] } ?? .header(section: $0.section) }`.
    /// - Complexity: O(log sections + entering + leaving items) within one data
    ///   generation; after `apply(layout:)`, O(visible items × log sections).
    ///
    /// `shift` is how far the data change since the current state moved the content
    /// under the client (the anchor's, `Anchor.shift`): a step across data marks a
    /// new item `insert` when its place, moved back by `shift`, was already in the
    /// client's window, and a released one `deleted` when its old place, moved by
    /// `shift`, is still in the new window (`WindowCell.change`, `WindowUpdate.deleted`).
    public mutating func step(
        to viewport: Viewport, shift: Int = 0, identity: (LayoutItem) -> ItemIdentity
    ) -> WindowUpdate {
        guard current.epoch == epoch else {
            return stepAcrossData(to: viewport, shift: shift, identity: identity)
        }
        let old = current
        let range = layout.items(in: viewport)
        var released: [Int] = []
        var cells: [WindowCell] = []
        var bindings = old.bindings
        if range != old.range {
            // 1. Items that left the window give their slots back to the pool.
            for index in old.range where !range.contains(index) {
                let slot = Int(old.bindings[index - old.first].slot)
                pool.enqueue(slot)
                released.append(slot)
            }
            // 2. Items that entered ask the pool first; those that stayed keep their slot.
            bindings = []
            bindings.reserveCapacity(range.count)
            let placed = layout.items(at: range)
            for (offset, index) in range.enumerated() {
                if let kept = old.binding(of: index) {
                    bindings.append(kept)
                } else {
                    let item = placed[offset]
                    let identity = identity(item)
                    precondition(identity.id.kind == item.kind, "identity \(identity) for a \(item.kind)")
                    let (slot, reused) = pool.dequeue(item.kind)
                    bindings.append(
                        Binding(
                            id: identity.id.value, revision: identity.revision, slot: Int32(slot),
                            reused: reused))
                    cells.append(
                        WindowCell(slot: slot, reused: reused, item: item, identity: identity, refresh: false)
                    )
                }
            }
        }
        remember(old)
        current = State(
            seq: old.seq + 1, epoch: epoch, viewport: viewport, first: range.lowerBound, bindings: bindings)
        return update(base: old.seq, cells: cells, released: released)
    }

    /// Every visible cell, for a client that has nothing to build on.
    /// - Complexity: O(visible items × log sections).
    public func fullUpdate() -> WindowUpdate {
        let layout = layout(of: current.epoch)
        let items = layout.items(at: current.first..<(current.first + current.bindings.count))
        let cells = zip(current.bindings, items).map { binding, item in
            cell(binding, item: item, refresh: false)
        }
        return update(base: nil, cells: cells, released: [])
    }

    /// Moves the window to `viewport` and answers by the contract's `ack` rule: a delta
    /// from state `ack` when the client has applied it and it is still remembered,
    /// else every visible cell. A missing `ack`, or one the session never sent
    /// before this step, gets a full update. Identities are positional (`step(to:)`).
    public mutating func advance(to viewport: Viewport, ack: Int?) -> WindowUpdate {
        advance(to: viewport, ack: ack, identity: ItemIdentity.positional)
    }

    /// Moves the window to `viewport`, naming items with `identity` (as in
    /// `step(to:identity:)`), and answers by the contract's `ack` rule: a delta from state
    /// `ack` when the client has applied it and it is still remembered, across data
    /// changes too, else every visible cell.
    /// `shift` is the anchor's, as in `step(to:shift:identity:)`.
    public mutating func advance(
        to viewport: Viewport, ack: Int?, shift: Int = 0, identity: (LayoutItem) -> ItemIdentity
    ) -> WindowUpdate {
        let previous = current.seq
        // The client never applied the states after `ack` (answers it dropped):
        // step from what it shows, so whatever stays on its screen keeps its slot.
        if let ack, ack < previous, rewind(to: ack) {
            let delta = step(to: viewport, shift: shift, identity: identity)
            return update(base: ack, cells: delta.cells, released: delta.released, deleted: delta.deleted)
        }
        let delta = step(to: viewport, shift: shift, identity: identity)
        guard let ack, ack <= previous else { return fullUpdate() }
        if ack == previous { return delta }
        return update(since: ack) ?? fullUpdate()
    }

    /// Makes a copy of kept state `seq` the current state (under a new seq, so seqs
    /// only grow), with the pool holding exactly the slots that state leaves
    /// unbound. The states after it stay kept, for a late `ack` of one of them.
    /// False when `seq` is not kept.
    /// - Complexity: O(slots + history).
    mutating func rewind(to seq: Int) -> Bool {
        guard seq != current.seq, let target = state(seq) else { return false }
        pool.rebind(target.bindings.map { Int($0.slot) })
        let left = current
        current = State(
            seq: left.seq + 1, epoch: target.epoch, viewport: target.viewport, first: target.first,
            bindings: target.bindings)
        // Remembered after the copy is current, so that the copy's layout is kept.
        remember(left)
        return true
    }

    /// Switches to a new layout (the data changed), as `reloadData` does: every visible
    /// slot goes back to the pool, nothing is visible, and earlier states are forgotten,
    /// so the client's next `advance` gets a full update. Slots and counters carry over.
    /// `apply(layout:)` keeps the client's slots instead and sends only the difference.
    public mutating func reload(layout: ListLayout) {
        for binding in current.bindings {
            pool.enqueue(Int(binding.slot))
        }
        self.layout = layout
        epoch += 1
        history.removeAll()
        historyHead = 0
        pastLayouts.removeAll()
        current = State(
            seq: current.seq + 1, epoch: epoch, viewport: current.viewport, first: 0, bindings: [])
    }

    /// The layout of data generation `epoch`, which the current state or a kept one uses.
    func layout(of epoch: Int) -> ListLayout {
        if epoch == self.epoch { return layout }
        return pastLayouts.last(where: { $0.epoch == epoch })!.layout
    }

    /// The state numbered `seq`, if it is the current one or still kept.
    /// - Complexity: O(1).
    func state(_ seq: Int) -> State? {
        if seq == current.seq { return current }
        let age = current.seq - seq
        guard age >= 1, age <= history.count else { return nil }
        let state = history[(historyHead + history.count - age) % history.count]
        assert(state.seq == seq)
        return state
    }

    /// The cell drawing `item` in `binding`'s slot.
    func cell(_ binding: Binding, item: LayoutItem, refresh: Bool) -> WindowCell {
        WindowCell(
            slot: Int(binding.slot), reused: binding.reused, item: item,
            identity: ItemIdentity(
                id: ItemIdentity.ID(kind: item.kind, value: binding.id), revision: binding.revision),
            refresh: refresh)
    }

    mutating func remember(_ state: State) {
        guard historyLimit > 0 else { return }
        if history.count < historyLimit {
            history.append(state)
        } else {
            // Overwriting the oldest in place moves nothing, however long the history.
            history[historyHead] = state
            historyHead = (historyHead + 1) % historyLimit
        }
        if !pastLayouts.isEmpty { forgetUnusedLayouts() }
    }

    /// Drops the layouts no kept state refers to. Each past layout was in use when
    /// it was put aside (`apply(layout:)`), and layouts are kept in epoch order, so
    /// those are the layouts older than the oldest epoch any kept state uses.
    /// - Complexity: O(history) plus O(1) amortized per layout dropped.
    mutating func forgetUnusedLayouts() {
        // Epochs grow along the ring except where a rewind copied an older state, so
        // the oldest epoch in use is the least of them all (the ring is short).
        let oldest = history.reduce(current.epoch) { min($0, $1.epoch) }
        while let past = pastLayouts.first, past.epoch < oldest {
            pastLayouts.removeFirst()
        }
    }

    func update(base: Int?, cells: [WindowCell], released: [Int], deleted: [Int] = []) -> WindowUpdate {
        WindowUpdate(
            seq: current.seq, base: base, visible: current.range, cells: cells, released: released,
            deleted: deleted,
            stats: WindowStats(
                created: pool.created, visible: current.bindings.count, pooled: pool.pooledCount))
    }
}
