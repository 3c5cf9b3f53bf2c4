extension OrderSelection {
    /// The rows of `base` whose ids are in `ids`: one pass over `base`, leaf by leaf,
    /// testing a bit per row.
    /// - Complexity: O(n), and no allocation per row.
    public init(_ base: ListOrder, keeping ids: ContactIDSet) {
        let total = base.count
        // No more rows than ids can be kept (each id is in the order once): few ids
        // are kept as row numbers, 12 bytes each against about 0.18 a row for the bits.
        let sparse = ids.count * 12 < total / 8 + total / Self.blockRows * 12
        var kept = 0
        var lines = 0
        if sparse {
            var rows: [UInt32] = []
            var linesBefore: [Int] = []
            rows.reserveCapacity(ids.count)
            linesBefore.reserveCapacity(ids.count + 1)
            var row = 0
            ids.withWords { set in
                base.forEachLeaf { leaf in
                    leaf.withUnsafeBufferPointer { entries in
                        for entry in entries {
                            let id = Int(entry.id)
                            if id >= 0, id >> 6 < set.count, set[id >> 6] >> UInt64(id & 63) & 1 != 0 {
                                rows.append(UInt32(truncatingIfNeeded: row))
                                linesBefore.append(lines)
                                lines += Int(entry.lines)
                            }
                            row += 1
                        }
                    }
                }
            }
            linesBefore.append(lines)
            kept = rows.count
            self.init(
                base: base, count: kept, lines: lines, storage: .rows(rows: rows, linesBefore: linesBefore))
            return
        }
        let blocks = (total + Self.blockRows - 1) / Self.blockRows
        var words = [UInt64](repeating: 0, count: total / 64 + 1)
        var countsBefore: [UInt32] = []
        var linesBefore: [Int] = []
        countsBefore.reserveCapacity(blocks + 1)
        linesBefore.reserveCapacity(blocks + 1)
        words.withUnsafeMutableBufferPointer { out in
            ids.withWords { set in
                var row = 0
                base.forEachLeaf { leaf in
                    leaf.withUnsafeBufferPointer { entries in
                        for entry in entries {
                            if row & (Self.blockRows - 1) == 0 {
                                countsBefore.append(UInt32(truncatingIfNeeded: kept))
                                linesBefore.append(lines)
                            }
                            let id = Int(entry.id)
                            if id >= 0, id >> 6 < set.count, set[id >> 6] >> UInt64(id & 63) & 1 != 0 {
                                out[row >> 6] |= 1 << UInt64(row & 63)
                                kept += 1
                                lines += Int(entry.lines)
                            }
                            row += 1
                        }
                    }
                }
            }
        }
        countsBefore.append(UInt32(truncatingIfNeeded: kept))
        linesBefore.append(lines)
        self.init(
            base: base, count: kept, lines: lines,
            storage: .bits(words: words, countsBefore: countsBefore, linesBefore: linesBefore))
    }
}

extension ListState {
    /// The rows of this list whose ids are in `ids` and the sections they make: a
    /// search's results, sharing this list's order (`OrderSelection`).
    /// - Complexity: O(n) bit tests, O(sections) ranks.
    public func selecting(_ ids: ContactIDSet) -> (selection: OrderSelection, sections: [SectionInfo]) {
        let selection = OrderSelection(order, keeping: ids)
        return (selection, selection.sections(of: sections))
    }
}
