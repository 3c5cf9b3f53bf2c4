extension ListState {
    /// The rows of the contacts of `ids` the order holds: one pass over the order, for a
    /// bulk write that names thousands (a row found per id by binary search reads a sort
    /// key a probe; this reads none).
    /// - Complexity: O(n).
    public func rows(of ids: Set<Int>) -> [Int: Int] {
        var rows: [Int: Int] = [:]
        rows.reserveCapacity(ids.count)
        var row = 0
        order.forEachLeaf { leaf in
            for entry in leaf {
                if ids.contains(Int(entry.id)) { rows[Int(entry.id)] = row }
                row += 1
            }
        }
        return rows
    }

    /// This list at `version` with the entries of `revised` (by id) in place of the ones
    /// they name and the contacts of `removed` taken out, sections counted again: a bulk
    /// write's changes in one pass instead of a path copied per contact.
    /// - Complexity: O(n).
    public func rebuilt(version: Int, revised: [Int32: OrderEntry], removed: Set<Int32>) -> ListState {
        guard !revised.isEmpty || !removed.isEmpty else {
            return ListState(version: version, sections: sections, order: order)
        }
        var rows = sections.map(\.rows)
        var section = 0
        var row = 0
        var end = sections.first.map { $0.firstRow + $0.rows } ?? 0
        var entries: [OrderEntry] = []
        entries.reserveCapacity(order.count - removed.count)
        order.forEachLeaf { leaf in
            for entry in leaf {
                while row >= end && section + 1 < sections.count {
                    section += 1
                    end = sections[section].firstRow + sections[section].rows
                }
                row += 1
                if removed.contains(entry.id) {
                    rows[section] -= 1
                } else {
                    entries.append(revised[entry.id] ?? entry)
                }
            }
        }
        return ListState(version: version, sections: sections(rows: rows), order: ListOrder(entries))
    }
}
