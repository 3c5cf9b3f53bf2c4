/// Reading runs of the order in place: leaf by leaf from a row, with no copy.
extension ListOrder {
    /// Calls `body` with the entries from row `row` on, a leaf's part at a time in row
    /// order, each with the row of its first entry, until `body` returns false or the
    /// order ends.
    /// - Complexity: O(log n) to the first leaf, then O(1) per leaf.
    public func forEachSlice(
        from row: Int, _ body: (_ entries: UnsafeBufferPointer<OrderEntry>, _ firstRow: Int) -> Bool
    ) {
        forEachLeaf(from: row) { leaf, offset, first in
            leaf.entries.withUnsafeBufferPointer { entries in
                body(UnsafeBufferPointer(rebasing: entries[offset...]), first)
            }
        }
    }
}
