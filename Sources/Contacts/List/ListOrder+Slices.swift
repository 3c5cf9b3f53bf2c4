/// Reading runs of the order in place: leaf by leaf from a row, with no copy.
extension ListOrder {
    /// Calls `body` with the entries from row `row` on, a leaf's part at a time in row
    /// order, each with the row of its first entry, until `body` returns false or the
    /// order ends.
    /// - Complexity: O(log n) to the first leaf, then O(1) per leaf.
    public func forEachSlice(
        from row: Int, _ body: (_ entries: UnsafeBufferPointer<OrderEntry>, _ firstRow: Int) -> Bool
    ) {
        guard row >= 0, row < count else { return }
        _ = Self.visitSlices(root, from: row, firstRow: row, body)
    }

    private static func visitSlices(
        _ node: Node, from rank: Int, firstRow: Int,
        _ body: (UnsafeBufferPointer<OrderEntry>, Int) -> Bool
    ) -> Bool {
        if node.isLeaf {
            return node.entries.withUnsafeBufferPointer { entries in
                body(UnsafeBufferPointer(rebasing: entries[rank...]), firstRow)
            }
        }
        var (index, inner) = node.child(holding: rank)
        var first = firstRow
        while index < node.children.count {
            let child = node.children[index]
            guard visitSlices(child, from: inner, firstRow: first, body) else { return false }
            first += child.count - inner
            inner = 0
            index += 1
        }
        return true
    }
}
