/// The contacts of one database file, read by list position.
///
/// Contacts are keyed by id; `positions` maps each list position (its rowid) to
/// a contact id, so the contacts at positions a...b are one rowid range there:
/// O(log n + k) at any depth, where `LIMIT/OFFSET` would walk every row before
/// the offset. Sections are a 27-row table written with the contacts, never
/// counted per request.
///
/// Like its `Database`, a store belongs to one thread at a time; open one per
/// thread that reads.
public final class ContactStore {
    /// The connection.
    public let database: Database
    /// A read transaction started by `pin()` is open.
    public private(set) var pinned = false

    /// Opens (creating if needed) the database at `path` and applies `migrator`'s migrations.
    public init(path: String, migrator: Migrator) throws {
        database = try Database(path: path)
        try migrator.migrate(database)
    }

    /// Opens the database at `path` for writing; it must exist and be migrated already.
    public init(writingTo path: String) throws {
        database = try Database(path: path, create: false)
    }

    /// Opens the database at `path` for reading only; it must be migrated already.
    public init(readingFrom path: String) throws {
        database = try Database(path: path, create: false, readOnly: true)
        try database.execute("PRAGMA cache_size = -16384")  // 16 MiB: most window reads hit memory
    }

    /// Starts a read transaction that later reads share, so they all see one
    /// version of the data and skip SQLite's per-statement locking, and returns
    /// that version (`dataVersion()`). Ends any earlier one first. Readers that
    /// pin should `release()` within a second or so, or WAL checkpoints cannot finish.
    @discardableResult
    public func pin() throws -> Int {
        try release()
        try database.execute("BEGIN")
        // The first read takes the transaction's snapshot; `BEGIN` alone takes none.
        let version = try dataVersion()
        pinned = true
        return version
    }

    /// Ends the read transaction `pin()` started, if any.
    public func release() throws {
        guard pinned else { return }
        pinned = false
        try database.execute("COMMIT")
    }

    /// The number of contacts.
    /// - Complexity: O(sections).
    public func count() throws -> Int {
        try database.integer("SELECT coalesce(sum(rows), 0) FROM sections") ?? 0
    }

    /// A number that changes whenever the list changes (seed, import).
    public func dataVersion() throws -> Int {
        try database.integer("SELECT value FROM roster_meta WHERE key = 'data_version'") ?? 0
    }

    /// The contacts at `positions`, in list order; positions past the end are left out.
    /// - Complexity: O(log n + positions.count).
    public func contacts(at positions: Range<Int>) throws -> [Contact] {
        let statement = try database.statement(
            """
            SELECT p.position, c.id, \(ContactField.columnList) FROM positions p JOIN contacts c ON c.id = p.contact_id
            WHERE p.position >= ?1 AND p.position < ?2 ORDER BY p.position
            """)
        statement.bind(positions.lowerBound, at: 1)
        statement.bind(positions.upperBound, at: 2)
        var result: [Contact] = []
        result.reserveCapacity(positions.count)
        while try statement.step() {
            result.append(
                Contact(
                    id: statement.int(at: 1), position: statement.int(at: 0),
                    fields: statement.fields(from: 2)))
        }
        return result
    }

    /// The contact with `id`, or nil.
    /// - Complexity: O(log² n): the lookup, then a binary search of the list for its position.
    public func contact(id: Int) throws -> Contact? {
        let statement = try database.statement(
            "SELECT sort_key, \(ContactField.columnList) FROM contacts WHERE id = ?1")
        defer { statement.reset() }  // release the read transaction
        statement.bind(id, at: 1)
        guard try statement.step() else { return nil }
        let key = statement.blob(at: 0)
        let fields = statement.fields(from: 1)
        statement.reset()
        return Contact(id: id, position: try position(of: id, key: key), fields: fields)
    }

    /// The position of the contact with `id` and sort key `key`: the list is
    /// ordered by (key, id), so a binary search over positions finds it.
    private func position(of id: Int, key: [UInt8]) throws -> Int {
        let probe = try database.statement(
            "SELECT c.sort_key, c.id FROM positions p JOIN contacts c ON c.id = p.contact_id WHERE p.position = ?1"
        )
        var low = 0
        var high = try count()
        while low < high {
            let middle = (low + high) / 2
            probe.bind(middle, at: 1)
            guard try probe.step() else { break }
            let otherKey = probe.blob(at: 0)
            let otherID = probe.int(at: 1)
            probe.reset()
            if otherID == id { return middle }
            if otherKey.lexicographicallyPrecedes(key) || (otherKey == key && otherID < id) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        probe.reset()
        return low
    }

    /// All 27 sections in list order, empty ones included.
    /// - Complexity: O(sections).
    public func sections() throws -> [SectionInfo] {
        let statement = try database.statement(
            "SELECT section, title, rows, first_row FROM sections ORDER BY section")
        var result: [SectionInfo] = []
        while try statement.step() {
            result.append(
                SectionInfo(
                    index: statement.int(at: 0), title: statement.string(at: 1), rows: statement.int(at: 2),
                    firstRow: statement.int(at: 3)))
        }
        return result
    }
}
