import Contacts

extension ContactStore: ContactSource {
    /// One process writes a SQLite file: a read may serve requests for a second.
    public var pinLifetime: Double { 1 }

    /// SQLite states come whole: the writer hands each one over in process.
    public func states(after known: ListState) throws -> [ListState]? { nil }

    /// A cursor over the contacts of `entries` (see `cursor(over:firstRow:)`).
    public func rows(over entries: [OrderEntry], firstRow: Int) throws -> any ContactRows {
        try cursor(over: entries, firstRow: firstRow)
    }
}
