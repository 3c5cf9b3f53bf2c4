extension ListState {
    /// The list of only the contacts in `ids`, in list order, with their sections:
    /// a search's results as a list of their own, of this version.
    ///
    /// One pass over the order, leaf by leaf, testing a bit per contact: O(n) in
    /// memory, no read of the database.
    public func filtered(keeping ids: ContactIDSet) -> ListState {
        // A search every contact matches (`555` in a list of US numbers) is the list
        // itself: one pass to be sure, and nothing copied.
        if ids.count == order.count, Self.holdsAll(order, in: ids) { return self }
        var rows = [Int](repeating: 0, count: sections.count)
        // The whole list's sections by row: the current one ends at `end`.
        var section = 0
        var row = 0
        var end = sections.first.map { $0.firstRow + $0.rows } ?? 0
        // No more than `ids` can be kept: each id is in the order once. One array, then
        // the tree's leaves copied from it a slice at a time: faster than entry by entry.
        let entries = [OrderEntry](unsafeUninitializedCapacity: ids.count) { kept, count in
            count = 0
            order.forEachLeaf { leaf in
                leaf.withUnsafeBufferPointer { leaf in
                    var index = 0
                    while index < leaf.count {
                        while row >= end && section + 1 < sections.count {
                            section += 1
                            end = sections[section].firstRow + sections[section].rows
                        }
                        // The leaf's entries up to the section's end.
                        let stop = min(leaf.count, index + max(1, end - row))
                        let before = count
                        for entry in leaf[index..<stop]
                        where count < kept.count && ids.contains(Int(entry.id)) {
                            kept.initializeElement(at: count, to: entry)
                            count += 1
                        }
                        rows[section] += count - before
                        row += stop - index
                        index = stop
                    }
                }
            }
        }
        return ListState(version: version, sections: sections(rows: rows), order: ListOrder(entries))
    }

    /// Whether every entry of `order` is in `ids`.
    private static func holdsAll(_ order: ListOrder, in ids: ContactIDSet) -> Bool {
        var all = true
        order.forEachLeaf { leaf in
            if all { all = leaf.allSatisfy { ids.contains(Int($0.id)) } }
        }
        return all
    }
}
