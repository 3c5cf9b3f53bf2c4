/// Leaves whose ids run on by one (a seeded list, or one imported in list order,
/// holds almost only such leaves): a search's selection reads their rows' bits a
/// word at a time from the id set instead of testing each row's id.
extension ListOrder.Node {
    /// For `entries` whose ids run on by one from the first: that id, and the entries'
    /// notes lines as two bit planes (words `0 ..< w`: bit i is entry i's lines & 1;
    /// words `w ..< 2w`: lines >> 1, where w is one word per 64 entries). Otherwise -1
    /// and no planes.
    static func run(of entries: [OrderEntry]) -> (firstID: Int32, planes: [UInt64]) {
        guard let first = entries.first, let last = entries.last, first.id >= 0,
            Int(last.id) - Int(first.id) == entries.count - 1
        else { return (-1, []) }
        let words = (entries.count + 63) / 64
        var planes = [UInt64](repeating: 0, count: 2 * words)
        for (index, entry) in entries.enumerated() {
            guard Int(entry.id) == Int(first.id) + index else { return (-1, []) }
            let bit: UInt64 = 1 << UInt64(index & 63)
            if entry.lines & 1 != 0 { planes[index >> 6] |= bit }
            if entry.lines & 2 != 0 { planes[words + (index >> 6)] |= bit }
        }
        return (first.id, planes)
    }
}

extension ListOrder {
    /// Calls `body` with each leaf from the one holding row `row` on, the offset of the
    /// first entry wanted in it and that entry's row, until `body` returns false.
    /// - Complexity: O(log n) to the first leaf, then O(1) per leaf.
    func forEachLeaf(from row: Int, _ body: (_ leaf: Node, _ offset: Int, _ firstRow: Int) -> Bool) {
        guard row >= 0, row < count else { return }
        _ = Self.visitLeaves(root, from: row, firstRow: row, body)
    }

    private static func visitLeaves(
        _ node: Node, from rank: Int, firstRow: Int, _ body: (Node, Int, Int) -> Bool
    ) -> Bool {
        if node.isLeaf { return body(node, rank, firstRow) }
        var (index, inner) = node.child(holding: rank)
        var first = firstRow
        while index < node.children.count {
            let child = node.children[index]
            guard visitLeaves(child, from: inner, firstRow: first, body) else { return false }
            first += child.count - inner
            inner = 0
            index += 1
        }
        return true
    }
}
