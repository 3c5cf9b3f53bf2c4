extension ReuseSession {
    /// Switches to new data, as a diffable data source's `apply` does: the client's
    /// slots stay bound and the next step matches the items it shows to the new
    /// window by identity. Earlier states are kept, so a delta from any of them is a
    /// diff of what that client shows against the new window.
    /// - Complexity: O(1) amortized.
    public mutating func apply(layout: ListLayout) {
        // A layout applied and replaced before any step used it is kept by no state.
        // (After a rewind, a kept state may use a newer layout than the current one.)
        if current.epoch == epoch || history.contains(where: { $0.epoch == epoch }) {
            pastLayouts.append((epoch, self.layout))
        }
        self.layout = layout
        epoch += 1
        forgetUnusedLayouts()
    }

    /// The first step after `apply(layout:)`: items still visible (same identity)
    /// keep their slot and are re-sent as refreshes only when their revision or place
    /// changed; the others release their slots before the new ones dequeue.
    /// - Complexity: O(visible items × log sections), hashing each identity once.
    ///
    /// Each cell says why it is sent (`WindowCell.change`): a kept item `update` when
    /// its revision changed, else `move`; a new one `insert` when its place, moved
    /// back by `shift`, meets the pixels the client's items covered, else nothing (it
    /// scrolled in). A released slot is `deleted` when its item's old place, moved by
    /// `shift`, meets the new items' pixels (it would still show but for the change).
    mutating func stepAcrossData(
        to viewport: Viewport, shift: Int, identity: (LayoutItem) -> ItemIdentity
    ) -> WindowUpdate {
        let old = current
        let oldLayout = layout(of: old.epoch)
        let range = layout.items(in: viewport)
        let oldSpan = Self.span(of: old.range, in: oldLayout)
        let newSpan = Self.span(of: range, in: layout)
        var shown: [ItemIdentity.ID: Int] = [:]
        shown.reserveCapacity(old.bindings.count)
        for (position, binding) in old.bindings.enumerated() {
            shown[ItemIdentity.ID(kind: pool.slotKinds[Int(binding.slot)], value: binding.id)] = position
        }
        // 1. Match every new item to the old one with its identity, if any.
        var entering: [(item: LayoutItem, identity: ItemIdentity, match: Int?)] = []
        entering.reserveCapacity(range.count)
        var kept = [Bool](repeating: false, count: old.bindings.count)
        for item in layout.items(at: range) {
            let identity = identity(item)
            precondition(identity.id.kind == item.kind, "identity \(identity) for a \(item.kind)")
            // Removing the match makes a repeated identity dequeue a slot of its own.
            let match = shown.removeValue(forKey: identity.id)
            if let match { kept[match] = true }
            entering.append((item, identity, match))
        }
        // 2. Items gone from the window (scrolled out or deleted) release their slots.
        var released: [Int] = []
        var deleted: [Int] = []
        for (position, binding) in old.bindings.enumerated() where !kept[position] {
            pool.enqueue(Int(binding.slot))
            released.append(Int(binding.slot))
            let item = oldLayout.item(at: old.first + position)
            if newSpan.overlaps((item.top + shift)..<(item.bottom + shift)) {
                deleted.append(Int(binding.slot))
            }
        }
        // 3. Kept items keep their slot; new ones ask the pool first.
        var bindings: [Binding] = []
        bindings.reserveCapacity(range.count)
        var cells: [WindowCell] = []
        for (item, identity, match) in entering {
            if let match {
                let before = old.bindings[match]
                let binding = Binding(
                    id: identity.id.value, revision: identity.revision, slot: before.slot,
                    reused: before.reused)
                bindings.append(binding)
                if before.revision != identity.revision {
                    var refreshed = cell(binding, item: item, refresh: true)
                    refreshed.change = .update
                    cells.append(refreshed)
                } else if !item.isAtSamePlace(as: oldLayout.item(at: old.first + match)) {
                    var refreshed = cell(binding, item: item, refresh: true)
                    refreshed.change = .move
                    cells.append(refreshed)
                }
            } else {
                let (slot, reused) = pool.dequeue(item.kind)
                bindings.append(
                    Binding(
                        id: identity.id.value, revision: identity.revision, slot: Int32(slot), reused: reused)
                )
                let inPlace = oldSpan.overlaps((item.top - shift)..<(item.bottom - shift))
                cells.append(
                    WindowCell(
                        slot: slot, reused: reused, item: item, identity: identity, refresh: false,
                        change: inPlace ? .insert : nil))
            }
        }
        remember(old)
        current = State(
            seq: old.seq + 1, epoch: epoch, viewport: viewport, first: range.lowerBound, bindings: bindings)
        forgetUnusedLayouts()
        return update(base: old.seq, cells: cells, released: released, deleted: deleted)
    }

    /// The pixels the items at `indices` of `layout` cover, top to bottom (empty for none).
    /// - Complexity: O(log sections) and two queries of the row heights.
    static func span(of indices: Range<Int>, in layout: ListLayout) -> Range<Int> {
        guard !indices.isEmpty else { return 0..<0 }
        return layout.item(at: indices.lowerBound).top..<layout.item(at: indices.upperBound - 1).bottom
    }

    /// The delta from state `base` to the current one, or nil when `base` is neither
    /// the current state nor one of the last `historyLimit` states.
    ///
    /// A cell is sent when its slot shows another item than at `base` (or nothing), or
    /// the same item (same identity) with another revision or place: then it is a
    /// refresh. A slot is released when it showed an item at `base` and shows none now.
    /// Within one data generation items at equal indices are equal, so the slots are
    /// compared index by index; across a data change, slot by slot.
    /// - Complexity: O(visible items at both states × log sections + slots).
    public func update(since base: Int) -> WindowUpdate? {
        guard let old = state(base) else { return nil }
        let layout = layout(of: current.epoch)
        var bound = [Bool](repeating: false, count: pool.slotCount)
        var cells: [WindowCell] = []
        if old.epoch == current.epoch {
            for (offset, binding) in current.bindings.enumerated() {
                bound[Int(binding.slot)] = true
                let index = current.first + offset
                if old.binding(of: index)?.slot != binding.slot {
                    cells.append(cell(binding, item: layout.item(at: index), refresh: false))
                }
            }
        } else {
            let oldLayout = self.layout(of: old.epoch)
            // Per slot, the position in `old` of the item it showed, or -1.
            var shown = [Int](repeating: -1, count: pool.slotCount)
            for (position, binding) in old.bindings.enumerated() {
                shown[Int(binding.slot)] = position
            }
            let items = layout.items(at: current.first..<(current.first + current.bindings.count))
            for (binding, item) in zip(current.bindings, items) {
                bound[Int(binding.slot)] = true
                let position = shown[Int(binding.slot)]
                guard position >= 0, old.bindings[position].id == binding.id else {
                    cells.append(cell(binding, item: item, refresh: false))
                    continue
                }
                if old.bindings[position].revision != binding.revision
                    || !item.isAtSamePlace(as: oldLayout.item(at: old.first + position))
                {
                    cells.append(cell(binding, item: item, refresh: true))
                }
            }
        }
        let released = old.bindings.lazy.map { Int($0.slot) }.filter { !bound[$0] }
        return update(base: base, cells: cells, released: Array(released))
    }
}
