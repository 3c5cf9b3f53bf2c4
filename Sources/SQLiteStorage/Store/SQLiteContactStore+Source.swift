import Contacts

extension SQLiteContactStore: ContactSource {
    /// One process writes a SQLite file: a read may serve requests for a second.
    public var pinLifetime: Double { 1 }

    /// SQLite states come whole: the writer hands each one over in process.
    public func states(after known: ListState) throws -> [ListState]? { nil }

    /// Every starred contact (`favorites(ids:)`).
    public func favorites() throws -> ContactIDSet { try favorites(ids: nil) }

    /// Every contact holding label `name` (`labelled(_:ids:)`).
    public func labelled(_ name: String) throws -> ContactIDSet { try labelled(name, ids: nil) }

    /// A cursor over the contacts of `entries` (see `cursor(over:firstRow:)`).
    public func rows(over entries: [OrderEntry], firstRow: Int) throws -> any ContactRows {
        try cursor(over: entries, firstRow: firstRow)
    }
}
