extension ListState {
    /// The list of only the contacts in `ids`, in list order, with their sections:
    /// a search's results as a list of their own, of this version.
    ///
    /// One pass over the order, leaf by leaf, testing a bit per contact: O(n) in
    /// memory, no read of the database.
    public func filtered(keeping ids: ContactIDSet) -> ListState {
        var rows = [Int](repeating: 0, count: sections.count)
        // The whole list's sections by row: the current one ends at `end`.
        var section = 0
        var row = 0
        var end = sections.first.map { $0.firstRow + $0.rows } ?? 0
        var kept = ListOrder.Builder()
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
                    var count = 0
                    for entry in leaf[index..<stop] where ids.contains(Int(entry.id)) {
                        kept.append(entry)
                        count += 1
                    }
                    rows[section] += count
                    row += stop - index
                    index = stop
                }
            }
        }
        return ListState(version: version, sections: sections(rows: rows), order: kept.order())
    }
}
