extension ListLayout {
    /// The item at position `index` (headers included).
    ///
    /// - Precondition: `0 <= index < itemCount`.
    /// - Complexity: O(log sections) and one query of the row heights.
    public func item(at index: Int) -> LayoutItem {
        precondition(index >= 0 && index < itemCount, "item index \(index) outside 0..<\(itemCount)")
        let span = spans[spanPosition(atMost: index, by: \.firstIndex)!]
        let local = index - span.firstIndex - headerItems
        if local < 0 {
            return LayoutItem(
                index: index, kind: .header, section: span.section, item: nil, row: nil,
                top: span.top, height: heights.header)
        }
        let row = span.firstRow + local
        let (above, height) = rowHeights.place(ofRow: row)
        return LayoutItem(
            index: index, kind: .contact, section: span.section, item: local, row: row,
            top: span.top + heights.header + above - span.rowsTop, height: height)
    }

    /// The items at `indices` (clamped to the items), in order: `item(at:)` of each,
    /// with the rows of each section placed in one query of the row heights.
    /// - Complexity: O(log sections + one run query per section met).
    public func items(at indices: Range<Int>) -> [LayoutItem] {
        let indices = indices.clamped(to: 0..<itemCount)
        guard !indices.isEmpty, var position = spanPosition(atMost: indices.lowerBound, by: \.firstIndex)
        else { return [] }
        var items: [LayoutItem] = []
        items.reserveCapacity(indices.count)
        var index = indices.lowerBound
        while index < indices.upperBound {
            let span = spans[position]
            if index - span.firstIndex < headerItems {
                items.append(
                    LayoutItem(
                        index: index, kind: .header, section: span.section, item: nil, row: nil,
                        top: span.top, height: heights.header))
                index += 1
            }
            let spanEnd = min(indices.upperBound, span.firstIndex + headerItems + span.count)
            if index < spanEnd {
                let firstLocal = index - span.firstIndex - headerItems
                let rows = (span.firstRow + firstLocal)..<(span.firstRow + firstLocal + spanEnd - index)
                let base = span.top + heights.header - span.rowsTop
                for (offset, place) in rowHeights.places(ofRows: rows).enumerated() {
                    items.append(
                        LayoutItem(
                            index: index + offset, kind: .contact, section: span.section,
                            item: firstLocal + offset, row: rows.lowerBound + offset,
                            top: base + place.above, height: place.height))
                }
                index = spanEnd
            }
            position += 1
        }
        return items
    }

    /// The item covering pixel `y` of the content.
    /// - Precondition: `0 <= y < contentHeight`.
    func index(atPixel y: Int) -> Int {
        let span = spans[spanPosition(atMost: y, by: \.top)!]
        let local = y - span.top - heights.header
        if local < 0 { return span.firstIndex }
        let row = rowHeights.row(atPixel: span.rowsTop + local)
        return span.firstIndex + headerItems + min(row - span.firstRow, span.count - 1)
    }

    /// The positions of the items intersecting `[offset - overscan - above, offset + height + overscan + below)`,
    /// clipped to the content. Empty when that window misses the content, has no height,
    /// or holds a NaN; an infinite window reaches the content's edge.
    ///
    /// - Complexity: O(log sections) plus two queries of the row heights.
    public func items(in viewport: Viewport) -> Range<Int> {
        let low = max(viewport.low, 0)
        let high = min(viewport.high, Double(contentHeight))
        // `!(low < high)` also rejects NaN, which every comparison fails.
        guard low < high else { return 0..<0 }
        // An item [top, bottom) meets [low, high) when bottom > low and top < high; tops
        // and bottoms are whole pixels, so that is the items covering floor(low) through
        // ceil(high) - 1.
        let first = index(atPixel: Int(low.rounded(.down)))
        let last = index(atPixel: Int(high.rounded(.up)) - 1)
        return first..<(last + 1)
    }

    /// The position of contact `row` among all items, or nil when there is no such row.
    /// - Complexity: O(log sections).
    public func index(ofRow row: Int) -> Int? {
        guard row >= 0, row < totalRows else { return nil }
        let span = spans[spanPosition(atMost: row, by: \.firstRow)!]
        return span.firstIndex + headerItems + (row - span.firstRow)
    }

    /// The top of contact `row`, or nil when there is no such row.
    /// - Complexity: O(log sections) plus two queries of the row heights.
    public func top(ofRow row: Int) -> Int? {
        index(ofRow: row).map { item(at: $0).top }
    }

    /// The first and last contact rows among the items at `indices`, or nil when
    /// they hold no contact (only a header, or nothing).
    /// - Complexity: O(log sections) plus queries of the row heights.
    public func rows(in indices: Range<Int>) -> ClosedRange<Int>? {
        let indices = indices.clamped(to: 0..<itemCount)
        guard !indices.isEmpty else { return nil }
        // Every header is followed by a contact of its own section and preceded by the
        // last contact of the section before, so one step inward always finds a contact.
        let firstIndex = row(atIndex: indices.lowerBound) == nil ? indices.lowerBound + 1 : indices.lowerBound
        let lastIndex =
            row(atIndex: indices.upperBound - 1) == nil ? indices.upperBound - 2 : indices.upperBound - 1
        guard firstIndex <= lastIndex, let first = row(atIndex: firstIndex),
            let last = row(atIndex: lastIndex)
        else { return nil }
        return first...last
    }

    /// The contact row of the item at `index`, or nil for a header: the spans
    /// alone say it, no row heights are asked.
    /// - Complexity: O(log sections).
    func row(atIndex index: Int) -> Int? {
        let span = spans[spanPosition(atMost: index, by: \.firstIndex)!]
        let local = index - span.firstIndex - headerItems
        return local < 0 ? nil : span.firstRow + local
    }
}
