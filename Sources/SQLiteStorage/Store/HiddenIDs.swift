import Contacts

/// The ids readers leave out (`import_ranges`): the contacts of an import that has
/// not shown them yet, of one that died before it did, and those a `replace`
/// import took out of the list that a cleanup has yet to delete. Read once per
/// read of the whole order (the list at start, an export), in the reader's own
/// transaction, so it agrees with the rows read.
struct HiddenIDs {
    /// Disjoint ranges, by first id.
    let ranges: [ClosedRange<Int>]

    /// None: nothing to leave out (the common case, one branch per row).
    var isEmpty: Bool { ranges.isEmpty }

    /// Whether `id` is in a range.
    /// - Complexity: O(log r) for r ranges.
    func contains(_ id: Int) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < id { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(id)
    }
}

extension SQLiteContactStore {
    /// The ids readers leave out now, as this connection sees them.
    func hiddenIDs() throws -> HiddenIDs {
        try database.withStatement("SELECT first_id, last_id FROM import_ranges ORDER BY first_id") {
            statement in
            var ranges: [ClosedRange<Int>] = []
            while try statement.step() { ranges.append(statement.int(at: 0)...statement.int(at: 1)) }
            return HiddenIDs(ranges: ranges)
        }
    }

    /// Whether contact `id` is left out of the list (`HiddenIDs`).
    /// - Complexity: O(log r) for r ranges.
    func isHidden(_ id: Int) throws -> Bool {
        let last = try database.integer(
            "SELECT last_id FROM import_ranges WHERE first_id <= :id ORDER BY first_id DESC LIMIT 1"
        ) { $0.bind(id, to: ":id") }
        return last.map { $0 >= id } ?? false
    }
}
