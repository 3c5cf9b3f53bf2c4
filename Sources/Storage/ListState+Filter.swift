extension ListState {
    /// The list of only the contacts whose ids are in `ids` (any order), in list
    /// order, with their sections: a search's results as a list of their own, of
    /// this version.
    ///
    /// One pass over the order with a bit per contact id: O(n) in memory (about a
    /// millisecond per 300,000 contacts), no read of the database.
    public func filtered(keeping ids: [Int32]) -> ListState {
        let largest = Int(ids.max() ?? 0)
        var kept = [UInt64](repeating: 0, count: largest / 64 + 1)
        for id in ids where id >= 0 { kept[Int(id) >> 6] |= 1 << UInt64(Int(id) & 63) }
        var entries: [OrderEntry] = []
        entries.reserveCapacity(ids.count)
        var rows = [Int](repeating: 0, count: sections.count)
        // The whole list's sections by row: the current one ends at `end`.
        var section = 0
        var row = 0
        var end = sections.first.map { $0.firstRow + $0.rows } ?? 0
        order.forEach { entry in
            while row >= end && section + 1 < sections.count {
                section += 1
                end = sections[section].firstRow + sections[section].rows
            }
            let id = Int(entry.id)
            if id >> 6 < kept.count && kept[id >> 6] & (1 << UInt64(id & 63)) != 0 {
                entries.append(entry)
                rows[section] += 1
            }
            row += 1
        }
        return ListState(version: version, sections: sections(rows: rows), order: ListOrder(entries))
    }
}
