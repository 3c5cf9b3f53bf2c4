/// One contact's place in the list order: its id, and a number that changes
/// whenever the contact does (what the reuse engine compares to decide whether a
/// kept cell must be re-sent).
public struct OrderEntry: Hashable, Sendable {
    /// The contact's id.
    public let id: Int32
    /// Changes with every write to the contact (the data version of the write,
    /// truncated); 0 for contacts not written since the list was loaded.
    public let revision: UInt32
    /// The lines of notes its row shows (`NoteLines`, 0 to 3): what its height adds.
    public let lines: UInt8

    /// The entry of contact `id` at `revision`, showing `lines` lines of notes.
    public init(id: Int, revision: UInt32 = 0, lines: Int = 0) {
        self.id = Int32(truncatingIfNeeded: id)
        self.revision = revision
        self.lines = UInt8(clamping: lines)
    }
}

/// The list order: contact ids by row, as a persistent order-statistic B+tree.
///
/// Leaves hold up to `leafCapacity` entries in row order; inner nodes hold up to
/// `fanout` children and the count of entries under each. The entry at a row, a
/// run of rows, an insert or a removal all walk one path from the root: O(log n)
/// (plus the run's length). A change copies only the nodes on its path, so every
/// earlier value stays valid and unchanged: a reader keeps the order of the data
/// version it answers for while a writer makes the next one.
///
/// Leaves split when full; a leaf emptied by removals leaves its parent (no
/// merging: the height only grows by splits, so it stays O(log n) of the most
/// entries ever held).
///
/// Inner nodes also keep the notes lines under each child, so the order is the
/// list's height index as well: a row's top and the row at a pixel are O(log n)
/// (`lines(before:)`, `row(atPixel:base:perLine:)`).
///
/// At 1,000,000 contacts the entries take 12 MB (id, revision, lines) and the
/// leaves' running line counts 2 MB (and a leaf whose ids run on by one, as a seed
/// writes them, its lines as two bit planes: 0.25 MB); a write copies one leaf (7 KB
/// at most) and two or three inner nodes.
public struct ListOrder: Sendable {
    /// Entries per leaf, at most.
    static let leafCapacity = 512
    /// Children per inner node, at most.
    static let fanout = 64

    final class Node: Sendable {
        /// A leaf's entries (empty for an inner node).
        let entries: [OrderEntry]
        /// An inner node's children (empty for a leaf).
        let children: [Node]
        /// Per child, the entries under it and every child before it.
        let ends: [Int]
        /// Per child, the notes lines under it and every child before it.
        let lineEnds: [Int]
        /// A leaf's notes lines before each of its entries (2 bytes an entry).
        let linesBefore: [UInt16]
        /// Entries under this node.
        let count: Int
        /// Notes lines of the entries under this node.
        let lines: Int
        /// A leaf whose ids run on by one from its first (`ListOrder+Runs.swift`): that
        /// id, and its entries' notes lines as two bit planes; -1 and none otherwise.
        let firstID: Int32
        let linePlanes: [UInt64]

        init(entries: [OrderEntry]) {
            self.entries = entries
            (firstID, linePlanes) = Self.run(of: entries)
            children = []
            ends = []
            lineEnds = []
            var lines = 0
            linesBefore = entries.withUnsafeBufferPointer { entries in
                [UInt16](unsafeUninitializedCapacity: entries.count) { before, initialized in
                    for index in entries.indices {
                        before.initializeElement(at: index, to: UInt16(truncatingIfNeeded: lines))
                        lines += Int(entries[index].lines)
                    }
                    initialized = entries.count
                }
            }
            count = entries.count
            self.lines = lines
        }

        init(children: [Node]) {
            var ends: [Int] = []
            var lineEnds: [Int] = []
            ends.reserveCapacity(children.count)
            lineEnds.reserveCapacity(children.count)
            var total = 0
            var lines = 0
            for child in children {
                total += child.count
                lines += child.lines
                ends.append(total)
                lineEnds.append(lines)
            }
            self.entries = []
            (firstID, linePlanes) = (-1, [])
            self.children = children
            self.ends = ends
            self.lineEnds = lineEnds
            linesBefore = []
            count = total
            self.lines = lines
        }

        var isLeaf: Bool { children.isEmpty }

        /// The child holding `rank` and the rank within it.
        func child(holding rank: Int) -> (index: Int, rank: Int) {
            var low = 0
            var high = ends.count - 1
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] > rank { high = middle } else { low = middle + 1 }
            }
            return (low, rank - (low == 0 ? 0 : ends[low - 1]))
        }
    }

    let root: Node

    private init(root: Node) { self.root = root }

    /// The order of `entries`, given in row order.
    /// - Complexity: O(n).
    public init(_ entries: [OrderEntry]) {
        // Leaves copied a slice at a time (three quarters full, as the builder makes them).
        var builder = Builder()
        let perLeaf = Builder.perLeaf
        for start in stride(from: 0, to: entries.count, by: perLeaf) {
            builder.appendLeaf(Array(entries[start..<min(start + perLeaf, entries.count)]))
        }
        self = builder.order()
    }

    /// Builds an order entry by entry, in row order, a leaf at a time: a list read
    /// from the database never stands as one array beside its tree.
    public struct Builder {
        // Leaves three quarters full leave room to insert before the first split.
        static let perLeaf = ListOrder.leafCapacity * 3 / 4
        private var leaves: [Node] = []
        private var leaf: [OrderEntry] = []

        public init() { leaf.reserveCapacity(Self.perLeaf) }

        /// Adds `entry` after those added so far.
        public mutating func append(_ entry: OrderEntry) {
            leaf.append(entry)
            if leaf.count == Self.perLeaf {
                leaves.append(Node(entries: leaf))
                leaf = []
                leaf.reserveCapacity(Self.perLeaf)
            }
        }

        /// Adds a whole leaf of entries (at most a leaf's worth) after those added so far,
        /// when no single entries are pending.
        mutating func appendLeaf(_ entries: [OrderEntry]) {
            precondition(leaf.isEmpty && entries.count <= Self.perLeaf)
            leaves.append(Node(entries: entries))
        }

        /// The order of the entries added.
        public func order() -> ListOrder {
            var level = leaves
            if !leaf.isEmpty || level.isEmpty { level.append(Node(entries: Array(leaf))) }
            let perNode = ListOrder.fanout * 3 / 4
            while level.count > 1 {
                level = stride(from: 0, to: level.count, by: perNode).map {
                    Node(children: Array(level[$0..<min($0 + perNode, level.count)]))
                }
            }
            return ListOrder(root: level[0])
        }
    }

    /// An empty order.
    public static let empty = ListOrder([])

    /// Entries in the order.
    public var count: Int { root.count }

    /// Notes lines of all entries.
    public var lines: Int { root.lines }

    /// The memory the order holds (entries, running line counts, inner nodes'
    /// arrays and node headers; array headers counted as 32 bytes).
    /// - Complexity: O(n / leaf size).
    public var memoryBytes: Int { Self.bytes(of: root) }

    private static func bytes(of node: Node) -> Int {
        let header = 48 + 4 * 32  // the node object and its four arrays
        if node.isLeaf {
            return header + node.entries.capacity * MemoryLayout<OrderEntry>.stride
                + node.linesBefore.capacity * MemoryLayout<UInt16>.stride + node.linePlanes.capacity * 8
        }
        return header + node.children.capacity * 8 + (node.ends.capacity + node.lineEnds.capacity) * 8
            + node.children.reduce(0) { $0 + bytes(of: $1) }
    }

    /// The notes lines of the entries before row `rank` (0 ... count).
    /// - Complexity: O(log n): one path.
    public func lines(before rank: Int) -> Int {
        precondition(rank >= 0 && rank <= count, "row \(rank) of \(count)")
        return rank == count ? root.lines : entryAndLines(at: rank).linesBefore
    }

    /// The entry at row `rank` (0 ..< count) and the notes lines before it, found
    /// on one path down.
    /// - Complexity: O(log n).
    public func entryAndLines(at rank: Int) -> (entry: OrderEntry, linesBefore: Int) {
        precondition(rank >= 0 && rank < count, "row \(rank) of \(count)")
        // `root` holds the whole path alive for the walk: no retain per level.
        unowned(unsafe) var node = root
        var rank = rank
        var lines = 0
        while !node.isLeaf {
            let (index, inner) = node.child(holding: rank)
            if index > 0 { lines += node.lineEnds[index - 1] }
            node = node.children[index]
            rank = inner
        }
        return (node.entries[rank], lines + Int(node.linesBefore[rank]))
    }

    /// The row covering pixel `y` when each row is `base` pixels plus `perLine` per
    /// notes line, stacked from row 0: the r whose rows before it take at most `y`
    /// and with it more.
    /// - Precondition: `0 <= y <` the height of all rows; `base >= 1`, `perLine >= 0`.
    /// - Complexity: O(log n).
    public func row(atPixel y: Int, base: Int, perLine: Int) -> Int {
        // `root` holds the whole path alive for the walk: no retain per level.
        unowned(unsafe) var node = root
        var y = y
        var row = 0
        while !node.isLeaf {
            // The first child whose end lies below y (the sums read through buffer
            // pointers: an array read per probe would retain its storage each time).
            let low = node.ends.withUnsafeBufferPointer { ends in
                node.lineEnds.withUnsafeBufferPointer { lineEnds in
                    var low = 0
                    var high = ends.count - 1
                    while low < high {
                        let middle = (low + high) / 2
                        if ends[middle] * base + lineEnds[middle] * perLine > y {
                            high = middle
                        } else {
                            low = middle + 1
                        }
                    }
                    if low > 0 {
                        row += ends[low - 1]
                        y -= ends[low - 1] * base + lineEnds[low - 1] * perLine
                    }
                    return low
                }
            }
            node = node.children[low]
        }
        // In the leaf, the last entry whose top (its index's rows and the lines before
        // it) is at most y: a binary search over the running line counts.
        return node.linesBefore.withUnsafeBufferPointer { before in
            guard !before.isEmpty else { return max(0, row - 1) }
            var low = 0
            var high = before.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if middle * base + Int(before[middle]) * perLine <= y {
                    low = middle
                } else {
                    high = middle - 1
                }
            }
            return row + low
        }
    }

    /// The entry at row `rank` (0 ..< count).
    /// - Complexity: O(log n).
    public subscript(rank: Int) -> OrderEntry {
        precondition(rank >= 0 && rank < count, "row \(rank) of \(count)")
        // `root` holds the whole path alive for the walk: no retain per level.
        unowned(unsafe) var node = root
        var rank = rank
        while !node.isLeaf {
            let (index, inner) = node.child(holding: rank)
            node = node.children[index]
            rank = inner
        }
        return node.entries[rank]
    }

    /// The entries at `rows`, clamped to the order's rows, in row order.
    /// - Complexity: O(log n + rows.count).
    public func entries(in rows: Range<Int>) -> [OrderEntry] {
        let rows = rows.clamped(to: 0..<count)
        var result: [OrderEntry] = []
        result.reserveCapacity(rows.count)
        if !rows.isEmpty { Self.collect(root, from: rows.lowerBound, target: rows.count, into: &result) }
        return result
    }

    /// Appends the entries of `node` from `rank` on until `result` holds `target`.
    private static func collect(_ node: Node, from rank: Int, target: Int, into result: inout [OrderEntry]) {
        if node.isLeaf {
            let take = min(node.entries.count - rank, target - result.count)
            result.append(contentsOf: node.entries[rank..<(rank + take)])
            return
        }
        var (index, inner) = node.child(holding: rank)
        while result.count < target, index < node.children.count {
            collect(node.children[index], from: inner, target: target, into: &result)
            inner = 0
            index += 1
        }
    }

    /// The order with `entry` inserted at row `rank` (0 ... count): rows from `rank`
    /// on move down by one.
    /// - Complexity: O(log n) (a leaf and one inner node per level copied).
    public func inserting(_ entry: OrderEntry, at rank: Int) -> ListOrder {
        precondition(rank >= 0 && rank <= count, "insert at \(rank) of \(count)")
        let parts = Self.insert(entry, at: rank, into: root)
        return ListOrder(root: parts.count == 1 ? parts[0] : Node(children: parts))
    }

    /// `node` with `entry` inserted: one node, or two when it split.
    private static func insert(_ entry: OrderEntry, at rank: Int, into node: Node) -> [Node] {
        if node.isLeaf {
            // Built at its size: inserting into a copy would double its capacity.
            var entries: [OrderEntry] = []
            entries.reserveCapacity(node.entries.count + 1)
            entries.append(contentsOf: node.entries[..<rank])
            entries.append(entry)
            entries.append(contentsOf: node.entries[rank...])
            guard entries.count > leafCapacity else { return [Node(entries: entries)] }
            let half = entries.count / 2
            return [Node(entries: Array(entries[..<half])), Node(entries: Array(entries[half...]))]
        }
        // Past the last entry goes into the last child.
        let (index, inner) =
            rank == node.count
            ? (node.children.count - 1, node.children[node.children.count - 1].count)
            : node.child(holding: rank)
        var children = node.children
        children.replaceSubrange(index...index, with: insert(entry, at: inner, into: children[index]))
        guard children.count > fanout else { return [Node(children: children)] }
        let half = children.count / 2
        return [Node(children: Array(children[..<half])), Node(children: Array(children[half...]))]
    }

    /// The order without the entry at row `rank`: rows after it move up by one.
    /// - Complexity: O(log n).
    public func removing(at rank: Int) -> ListOrder {
        precondition(rank >= 0 && rank < count, "remove row \(rank) of \(count)")
        var root = Self.remove(at: rank, from: root) ?? Node(entries: [])
        // A root left with one child hands over to it.
        while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        return ListOrder(root: root)
    }

    /// `node` without the entry at `rank`, or nil when nothing is left of it.
    private static func remove(at rank: Int, from node: Node) -> Node? {
        if node.isLeaf {
            guard node.entries.count > 1 else { return nil }
            var entries = node.entries
            entries.remove(at: rank)
            return Node(entries: entries)
        }
        let (index, inner) = node.child(holding: rank)
        var children = node.children
        if let child = remove(at: inner, from: children[index]) {
            children[index] = child
        } else {
            children.remove(at: index)
        }
        return children.isEmpty ? nil : Node(children: children)
    }

    /// The order with the entry at row `rank` replaced by `entry` (same place).
    /// - Complexity: O(log n).
    public func replacing(at rank: Int, with entry: OrderEntry) -> ListOrder {
        precondition(rank >= 0 && rank < count, "replace row \(rank) of \(count)")
        return ListOrder(root: Self.replace(at: rank, with: entry, in: root))
    }

    private static func replace(at rank: Int, with entry: OrderEntry, in node: Node) -> Node {
        if node.isLeaf {
            var entries = node.entries
            entries[rank] = entry
            return Node(entries: entries)
        }
        let (index, inner) = node.child(holding: rank)
        var children = node.children
        children[index] = replace(at: inner, with: entry, in: children[index])
        return Node(children: children)
    }

    /// The number of leading entries for which `precedes` is true, when it is true
    /// for a prefix of the order and false for the rest (a partition point): the row
    /// a new entry goes to, or the row of an existing one.
    /// - Complexity: O(log² n) plus O(log n) calls of `precedes`.
    public func partitionPoint(_ precedes: (OrderEntry) throws -> Bool) rethrows -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if try precedes(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Calls `body` with the entries of each leaf in row order (no copy of the order).
    /// - Complexity: O(n).
    public func forEachLeaf(_ body: ([OrderEntry]) throws -> Void) rethrows {
        try Self.visit(root, body)
    }

    private static func visit(_ node: Node, _ body: ([OrderEntry]) throws -> Void) rethrows {
        if node.isLeaf {
            try body(node.entries)
        } else {
            for child in node.children { try visit(child, body) }
        }
    }

    /// Every entry in row order.
    /// - Complexity: O(n).
    public var allEntries: [OrderEntry] { entries(in: 0..<count) }
}
