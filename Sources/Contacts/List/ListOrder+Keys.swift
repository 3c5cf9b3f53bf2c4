/// Finding a contact's row by its sort key. The order holds ids, not keys (keys
/// live in the database): a binary search reads one key per probe through
/// `keyOf`, which gives the key of a contact id as the search's version sees it.
/// Every store finds rows this way, for reads, writes and changes it follows.
extension ListOrder {
    /// The rank (sort key `key`, id `id`) has in this order: the row such a contact
    /// is at, or goes to when the order does not hold it. Rows are ordered by key,
    /// then id.
    /// - Complexity: O(log² n) plus O(log n) calls of `keyOf`.
    public func rank(ofKey key: [UInt8], id: Int, keyOf: (Int) throws -> [UInt8]) rethrows -> Int {
        try partitionPoint { entry in
            let other = try keyOf(Int(entry.id))
            if other == key { return Int(entry.id) < id }
            return other.lexicographicallyPrecedes(key)
        }
    }

    /// The row of contact `id`, whose sort key is `key`, or nil when this order does not hold it.
    /// - Complexity: as `rank(ofKey:id:keyOf:)`.
    public func row(of id: Int, key: [UInt8], keyOf: (Int) throws -> [UInt8]) rethrows -> Int? {
        let row = try rank(ofKey: key, id: id, keyOf: keyOf)
        return row < count && Int(self[row].id) == id ? row : nil
    }

    /// The first row whose sort name (the last name, or the first name when there is
    /// none) starts with the letters of `prefix` in `locale`'s collation, or the row where such
    /// a contact would go when none does (the end when all come before it). An empty prefix
    /// is row 0.
    /// - Complexity: O(log² n) plus O(log n) calls of `keyOf`.
    public func rank(ofSortPrefix prefix: String, in locale: ListLocale, keyOf: (Int) throws -> [UInt8])
        rethrows -> Int
    {
        guard !ContactSortKey.trimmed(prefix).isEmpty else { return 0 }
        // A key starts with the section and the sort name's primary weights: the keys of the
        // names that start with `prefix`'s letters are those that start with these bytes.
        let key = ContactSortKey.prefix(prefix, in: locale)
        return try partitionPoint { entry in try keyOf(Int(entry.id)).lexicographicallyPrecedes(key) }
    }
}
