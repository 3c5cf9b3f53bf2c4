/// The geometry of a sectioned list: where every header and contact sits, and
/// which of them a viewport shows.
///
/// Items are laid out top to bottom: each non-empty section is its header
/// (unless the header height is 0) followed by its contacts. Empty sections
/// take no space and have no header. Heights are whole pixels, so every top is
/// exact however long the list; offsets may be fractional.
///
/// Built once per data version from the per-section counts and the rows' heights
/// (`RowHeights`: all `heights.contact` tall unless given); every query is a
/// binary search over the non-empty sections plus one O(log n) query of the
/// row heights.
public struct ListLayout: Sendable {
    /// The height of each kind of item, in pixels.
    public struct Heights: Hashable, Sendable {
        /// A contact row's height (at least 1), when no `RowHeights` are given.
        public var contact: Int
        /// A section header's height; 0 lays out sections without header items.
        public var header: Int

        /// Heights in pixels; the defaults are the contract's 56 px contacts and 32 px headers.
        public init(contact: Int = 56, header: Int = 32) {
            self.contact = contact
            self.header = header
        }

        /// 56 px contacts, 32 px headers.
        public static let standard = Heights()

        /// The height of an item of `kind`.
        public subscript(kind: ItemKind) -> Int {
            kind == .header ? header : contact
        }
    }

    /// A non-empty section's place in the three coordinate systems.
    struct Span: Hashable, Sendable {
        var section: Int
        var firstIndex: Int
        var firstRow: Int
        var count: Int
        var top: Int
        /// The pixels of all rows before this section's first (headers left out).
        var rowsTop: Int
    }

    /// The heights this layout was built with.
    public let heights: Heights
    /// Every contact row's height.
    public let rowHeights: any RowHeights
    /// Contacts per section, as given.
    public let sectionCounts: [Int]
    /// Contacts in all sections.
    public let totalRows: Int
    /// Items in all sections, headers included.
    public let itemCount: Int
    /// Pixels from the top of the first item to the bottom of the last.
    public let contentHeight: Int

    /// Non-empty sections in display order; top, firstIndex and firstRow all increase.
    let spans: [Span]
    /// Per section (empty ones too): its top and first row, for O(1) section queries.
    private let sectionTops: [Int]
    private let sectionFirstRows: [Int]
    private let sectionHeights: [Int]

    /// Header items per non-empty section: 1, or 0 when headers are 0 px tall.
    var headerItems: Int { heights.header > 0 ? 1 : 0 }

    /// Lays out sections holding `sectionCounts[s]` contacts each, the rows
    /// `rowHeights` tall (or all `heights.contact` when nil).
    ///
    /// - Throws: `ReuseEngineError` for a negative count, a contact height below 1,
    ///   a negative header height, row heights for another number of rows, or
    ///   content taller than `Int.max` pixels.
    /// - Complexity: O(sections) queries of the row heights.
    public init(
        sectionCounts: [Int], heights: Heights = .standard, rowHeights: (any RowHeights)? = nil
    ) throws(ReuseEngineError) {
        guard heights.contact >= 1 else {
            throw .invalidHeight(kind: .contact, height: heights.contact)
        }
        guard heights.header >= 0 else {
            throw .invalidHeight(kind: .header, height: heights.header)
        }
        var total = 0
        for (section, count) in sectionCounts.enumerated() {
            guard count >= 0 else { throw .negativeCount(section: section, count: count) }
            let (sum, overflow) = total.addingReportingOverflow(count)
            guard !overflow else { throw .contentTooTall }
            total = sum
        }
        let rows = rowHeights ?? UniformRowHeights(count: total, height: heights.contact)
        guard rows.count == total else { throw .rowCountMismatch(sections: total, heights: rows.count) }
        if rowHeights == nil {
            // Uniform rows: their sum must fit before it is ever computed.
            guard !total.multipliedReportingOverflow(by: heights.contact).overflow else {
                throw .contentTooTall
            }
        }
        let headerItems = heights.header > 0 ? 1 : 0
        var spans: [Span] = []
        var tops: [Int] = []
        var firstRows: [Int] = []
        var sectionHeights: [Int] = []
        tops.reserveCapacity(sectionCounts.count)
        firstRows.reserveCapacity(sectionCounts.count)
        sectionHeights.reserveCapacity(sectionCounts.count)
        var top = 0
        var row = 0
        var index = 0
        var rowsTop = 0
        for (section, count) in sectionCounts.enumerated() {
            tops.append(top)
            firstRows.append(row)
            guard count > 0 else {
                sectionHeights.append(0)
                continue
            }
            spans.append(
                Span(
                    section: section, firstIndex: index, firstRow: row, count: count, top: top,
                    rowsTop: rowsTop))
            let rowsEnd = rows.height(before: row + count)
            let (sectionHeight, o1) = (rowsEnd - rowsTop).addingReportingOverflow(heights.header)
            let (nextTop, o2) = top.addingReportingOverflow(sectionHeight)
            guard !o1, !o2 else { throw .contentTooTall }
            sectionHeights.append(sectionHeight)
            top = nextTop
            row += count
            rowsTop = rowsEnd
            index += headerItems + count
        }
        self.heights = heights
        self.rowHeights = rows
        self.sectionCounts = sectionCounts
        self.spans = spans
        self.sectionTops = tops
        self.sectionFirstRows = firstRows
        self.sectionHeights = sectionHeights
        self.totalRows = row
        self.itemCount = index
        self.contentHeight = top
    }

    /// A layout with no sections: nothing is ever visible.
    public static let empty = try! ListLayout(sectionCounts: [])

    /// The number of sections, empty ones included.
    public var sectionCount: Int { sectionCounts.count }

    /// The top of section `section` (where its header, or its first contact, sits).
    /// An empty section reports the top of whatever follows it.
    /// - Complexity: O(1).
    public func top(ofSection section: Int) -> Int {
        sectionTops[section]
    }

    /// The height of section `section`, its header included: 0 for an empty one, so
    /// the next section's top is this one's top plus its height.
    /// - Complexity: O(1).
    public func height(ofSection section: Int) -> Int {
        sectionHeights[section]
    }

    /// The row of section `section`'s first contact (for an empty one, of the next contact).
    /// - Complexity: O(1).
    public func firstRow(ofSection section: Int) -> Int {
        sectionFirstRows[section]
    }

    /// The largest span position whose key is at most `value`, or nil if none.
    /// `key` must increase along `spans`.
    @inline(__always)
    func spanPosition(atMost value: Int, by key: (Span) -> Int) -> Int? {
        var low = 0
        var high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if key(spans[mid]) <= value { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }
}
