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
    /// Ends the read `pin()` started, if any.
    func release() throws
    /// The list as the pinned read sees it.
    /// - Complexity: O(n).
    func listState() throws -> ListState
    /// The states that follow `known` up to the pinned read's version, one per
    /// version, when this source can tell what changed since (nil: read the list
    /// whole with `listState()`).
    func states(after known: ListState) throws -> [ListState]?
    /// The contacts every word of `words` finds (API.md "Search"), among `ids` when
    /// given, as the pinned read sees them.
    func matches(_ words: [String], ids: ClosedRange<Int>?) throws -> ContactIDSet
    /// The contact with `id` and its row in `order` (the pinned read's view), or nil.
    func contact(id: Int, in order: ListOrder) throws -> Contact?
    /// The row of contact `id` in `order` (the pinned read's view), or nil.
    func row(ofContact id: Int, in order: ListOrder) throws -> Int?
    /// The contacts of `entries`, the entries of rows `firstRow...` of an order of
    /// the pinned read's version, for reading in row order.
    func rows(over entries: [OrderEntry], firstRow: Int) throws -> any ContactRows
}

/// Contacts in row order with their fields as UTF-8 bytes, for the window hot
/// path: no `String` per field. A field's bytes are valid until the cursor moves
/// or closes.
public protocol ContactRows: AnyObject {
    /// Moves to the row at `position`: true when it exists. Positions must be
    /// asked for in increasing order.
    func move(to position: Int) throws -> Bool
    /// Id of the current row.
    var id: Int { get }
    /// The UTF-8 bytes of text `field` in the current row.
    func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8>
    /// The value of boolean `field` in the current row.
    func bool(_ field: ContactField) -> Bool
    /// Ends the read.
    func close()
}

/// Single contact writes, each one transaction that moves the data version on
/// and hands the list's next state to `prepare` just before it commits.
public protocol ContactEditing: AnyObject {
    /// Adds a contact; returns it with its new id, row and revision.
    func insert(
        _ fields: ContactFields, base: ContactEditor.Base, prepare: ContactEditor.Prepare
    ) throws -> ContactEditor.Outcome
    /// Changes contact `id` to what `change` makes of its fields; with `ifRevision`,
    /// refuses with `.staleRevision` unless the contact is still at that revision.
    func update(
        id: Int, ifRevision: Int?, base: ContactEditor.Base, prepare: ContactEditor.Prepare,
        change: (ContactFields) throws -> ContactFields
    ) throws -> ContactEditor.Outcome
    /// Deletes contact `id` (with `ifRevision`, only if it is still at that revision).
    func delete(
        id: Int, ifRevision: Int?, base: ContactEditor.Base, prepare: ContactEditor.Prepare
    ) throws -> ContactEditor.Outcome
}

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

extension ContactCursor: ContactRows {}
extension ContactEditor: ContactEditing {}

/// Where an import writes: a store that opens the import's one transaction.
public protocol ImportTarget: AnyObject {
    /// Begins an import's transaction (replacing the list in `.replace` mode).
    func beginImport(mode: ImportMode) throws -> any ImportWriting
    /// The number of contacts now.
    func count() throws -> Int
}

/// One import's transaction: contacts added in file order (new ids), then all
/// committed together or none kept.
public protocol ImportWriting: AnyObject {
    /// Contacts added so far.
    var staged: Int { get }
    /// Adds one contact read from `line`, whose sort key and search text are made already.
    /// - Throws: `StorageError.invalidContact` for a contact with neither first nor last name.
    func add(_ fields: ContactFields, key: ContactSortKey, document: String, line: Int) throws
    /// Hands `prepare` the list as it will be once committed, and commits. Returns that list.
    func commit(prepare: (ListState) throws -> Void) throws -> ListState
    /// Abandons the import: nothing of it is kept.
    func rollback()
}

extension ContactStore: ImportTarget {
    public func beginImport(mode: ImportMode) throws -> any ImportWriting {
        try ContactImport(store: self, mode: mode)
    }
}

extension ContactImport: ImportWriting {}

/// Every contact in list order, a batch at a time, from one read of one version
/// (an export).
public protocol ContactScanning: AnyObject {
    /// The next `limit` contacts' fields in list order; empty at the end.
    func next(limit: Int) throws -> [ContactFields]
    /// Ends the read.
    func close()
}

/// A SQLite export's scan: an `OrderedScan` inside its store's pinned read.
final class PinnedScan: ContactScanning {
    private let store: ContactStore
    private let scan: OrderedScan

    init(store: ContactStore) throws {
        self.store = store
        try store.pin()
        scan = try OrderedScan(store: store)
    }

    deinit { self.close() }

    func next(limit: Int) throws -> [ContactFields] { try scan.next(limit: limit) }

    func close() { try? store.release() }
}

extension ContactStore {
    /// Every contact in list order, read in one transaction (see `OrderedScan`).
    public static func scan(readingFrom path: String) throws -> any ContactScanning {
        try PinnedScan(store: ContactStore(readingFrom: path))
    }
}
