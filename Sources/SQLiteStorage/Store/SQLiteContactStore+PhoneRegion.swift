import Phones

extension SQLiteContactStore {
    /// The region the file's search index read phones in (docs/api.md, "Phone
    /// numbers"), recorded by seeding and by building the index (`roster_meta`'s
    /// `search_region`, the code's two letters as one number); nil when none is.
    public func indexedRegion() throws -> PhoneRegion? {
        guard let value = try database.integer("SELECT value FROM roster_meta WHERE key = 'search_region'"),
            let first = Unicode.Scalar(UInt32(truncatingIfNeeded: value >> 8) & 0xFF),
            let second = Unicode.Scalar(UInt32(truncatingIfNeeded: value) & 0xFF)
        else { return nil }
        return PhoneRegion(String(first) + String(second))
    }

    /// Records `phoneRegion` as the region of the index, in the caller's transaction.
    func recordIndexedRegion() throws {
        let value = phoneRegion.code.utf8.reduce(0) { $0 << 8 | Int($1) }
        try database.execute(
            "INSERT OR REPLACE INTO roster_meta (key, value) VALUES ('search_region', \(value))")
    }
}
