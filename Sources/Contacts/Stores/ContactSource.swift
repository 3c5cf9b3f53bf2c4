/// One reader's connection to wherever the contacts are kept (a SQLite file, or
/// PostgreSQL): what a server's handlers read through. Like a connection, a
/// source belongs to one thread at a time.
///
/// Reads see one version of the data: `pin()` starts a read and returns its data
/// version; `contacts(at:in:)`, `contact(id:in:)` and the cursors then read that
/// version until `release()`.
public protocol ContactSource: AnyObject {
    /// A read started by `pin()` is open.
    var pinned: Bool { get }
    /// How long, in seconds, a pinned read may keep serving requests. A store that
    /// is written by this process only (SQLite) keeps a read up to a second; one that
    /// other servers write to (PostgreSQL) starts a read per request, so that a
    /// read after any server's write sees it.
    var pinLifetime: Double { get }
    /// Starts a read (ending any earlier one) and returns the data version it sees.
    @discardableResult func pin() throws -> Int
    /// For a store other servers write to: the newest data version a read must see
    /// for a request its client had sent by `sentBy` (monotonic nanoseconds), which
    /// is at least that of every write answered before then (read-your-writes); a
    /// read then begins only with `pin(at:)`. Nil for a store only this process
    /// writes (SQLite), whose `pin()` costs no round trip.
    func newestVersion(sentBy: UInt64) throws -> Int?
    /// Pins the read of `version`, one the caller holds the list of and that is at
    /// least `newestVersion(sentBy:)`, ending any earlier read; the store reads the
    /// database only when asked for what it does not hold, and then sees exactly
    /// `version` (`ContactsError.versionGone` when it cannot any more).
    func pin(at version: Int) throws
    /// Ends the read `pin()` started, if any.
    func release() throws
    /// The list as the pinned read sees it.
    /// - Complexity: O(n).
    func listState() throws -> ListState
    /// The states that follow `known` up to the pinned read's version, one per
    /// version, when this source can tell what changed since (nil: read the list
    /// whole with `listState()`).
    func states(after known: ListState) throws -> [ListState]?
    /// The contacts every word of `words` finds (docs/api.md, "Search"), among `ids` when
    /// given, as the pinned read sees them.
    func matches(_ words: [String], ids: ClosedRange<Int>?) throws -> ContactIDSet
    /// The starred contacts, as the pinned read sees them (`filter=favorites`).
    func favorites() throws -> ContactIDSet
    /// The contacts holding the label named `name` (in any case: the store compares
    /// keys, `ContactLabels.key`), as the pinned read sees them (`label=`); empty for
    /// a label no contact holds.
    func labelled(_ name: String) throws -> ContactIDSet
    /// Every label contacts hold, with how many hold it, sorted by key (`GET /labels`).
    func labelCounts() throws -> [LabelCount]
    /// The contact with `id` and its row in `order` (the pinned read's view), or nil.
    func contact(id: Int, in order: ListOrder) throws -> Contact?
    /// The row of contact `id` in `order` (the pinned read's view), or nil.
    func row(ofContact id: Int, in order: ListOrder) throws -> Int?
    /// The sort key of contact `id` as the pinned read sees it (`ContactSortKey.bytes`;
    /// empty when there is no such contact).
    func sortKey(ofContact id: Int) throws -> [UInt8]
    /// The list's locale: what its sort keys and sections were made by.
    var locale: ListLocale { get }
    /// The contacts of `entries`, the entries of rows `firstRow...` of an order of
    /// the pinned read's version, for reading in row order.
    func rows(over entries: [OrderEntry], firstRow: Int) throws -> any ContactRows
}

extension ContactSource {
    /// A store only this process writes needs no version from elsewhere.
    public func newestVersion(sentBy: UInt64) throws -> Int? { nil }

    /// Only stores that tell `newestVersion(sentBy:)` pin this way.
    public func pin(at version: Int) throws {
        throw ContactsError.unsupported("this store pins reads with pin() only")
    }

    /// The first row of `order` (the pinned read's view) whose sort name starts
    /// with `prefix` (its letters, by the list locale's collation), or where such a row would go:
    /// type-ahead.
    /// - Complexity: O(log² n) plus O(log n) key reads.
    public func row(startingWith prefix: String, in order: ListOrder) throws -> Int {
        try order.rank(ofSortPrefix: prefix, in: locale, keyOf: sortKey(ofContact:))
    }

    /// `body`'s result, read inside one pinned read that ends after it.
    public func readingOnce<T>(_ body: () throws -> T) throws -> T {
        try pin()
        defer { try? release() }
        return try body()
    }
}
