import Contacts
import Phones

/// The contacts of one database file.
///
/// Contacts are keyed by id; the list order is `contact_order`, (sort key, id)
/// pairs in primary key order. Row numbers are not stored (a write would renumber every row
/// after it): readers take them from a `ListOrder` of the same data version
/// (`listState()`), which maps rows to ids in O(log n). Sections are a table of the
/// list locale's titles written with the contacts, never counted per request.
///
/// Like its `SQLiteDatabase`, a store belongs to one thread at a time; open one per
/// thread that reads.
public final class SQLiteContactStore {
    /// The connection.
    let database: SQLiteDatabase
    /// A read transaction started by `pin()` is open.
    public private(set) var pinned = false
    /// How long, in seconds, an import's or a cleanup's write transaction may last
    /// when no single write of this process waits (`WriteSlices`): long for a
    /// server, whose own writes are let in on demand; short for a process beside one
    /// (`roster import`), whose writes only find the gaps.
    public var longestSlice = 1.0
    /// The file's watch (`SQLiteFileWatch`): checked as each read transaction and write begins.
    public var watch: SQLiteFileWatch?
    /// The frequent search patterns' bitmaps, as this connection writes them.
    lazy var gramBits = GramBits(database: database)
    /// How this connection's writes choose the patterns kept as bitmaps.
    public var gramPolicy = SQLiteGramPolicy()
    /// The list's locale: what its sort keys and sections are made in (`settleLocale(_:)`).
    public internal(set) var locale: ListLocale

    /// Where this connection's writes read phones for the search index: the region
    /// the file's index was made with (`indexedRegion()`), the list locale's for a
    /// file that records none (`ListLocale.phoneRegion`); `buildSearchIndexIfNeeded(region:)` changes it.
    public internal(set) var phoneRegion = PhoneRegion.unitedStates

    /// Opens (creating if needed) the database at `path` and applies `migrator`'s migrations.
    public init(path: String, migrator: SQLiteMigrator) throws {
        database = try SQLiteDatabase(path: path)
        try migrator.migrate(database)
        locale = Self.locale(of: database)
        try labelsBuiltWhenEmpty()
        phoneRegion = try indexedRegion() ?? locale.phoneRegion
    }

    /// Opens the database at `path` for writing; it must exist and be migrated already.
    public init(writingTo path: String) throws {
        database = try SQLiteDatabase(path: path, create: false)
        locale = Self.locale(of: database)
        phoneRegion = try indexedRegion() ?? locale.phoneRegion
    }

    /// Opens the database at `path` for reading only; it must be migrated already.
    public init(readingFrom path: String) throws {
        database = try SQLiteDatabase(path: path, create: false, readOnly: true)
        try database.execute("PRAGMA cache_size = -16384")  // 16 MiB: most window reads hit memory
        locale = Self.locale(of: database)
    }

    /// Starts a read transaction that later reads share, so they all see one
    /// version of the data and skip SQLite's per-statement locking, and returns
    /// that version (`dataVersion()`). Ends any earlier one first. Readers that
    /// pin should `release()` within a second or so, or WAL checkpoints cannot finish.
    @discardableResult
    public func pin() throws -> Int {
        try release()
        try watch?.check()
        try database.begin(.read)
        // The first read takes the transaction's snapshot; beginning a read takes none.
        let version: Int
        do {
            version = try dataVersion()
        } catch {
            try? database.rollback()  // no transaction left open behind the error
            throw error
        }
        pinned = true
        return version
    }

    /// Ends the read transaction `pin()` started, if any.
    public func release() throws {
        guard pinned else { return }
        pinned = false
        try database.commit()
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

    /// The contacts at `rows` of `order` (this connection's view of the list), in
    /// list order; rows past the end are left out.
    /// - Complexity: O(log n + k log n): the ids come from `order`, each contact by its id.
    public func contacts(at rows: Range<Int>, in order: ListOrder) throws -> [Contact] {
        try database.withStatement(Self.contactByIDSQL) { statement in
            let id = statement.parameter(":id")
            let entries = order.entries(in: rows)
            var result: [Contact] = []
            result.reserveCapacity(entries.count)
            for (offset, entry) in entries.enumerated() {
                statement.reset()
                statement.bind(Int(entry.id), to: id)
                guard try statement.step() else { continue }
                result.append(
                    Contact(
                        id: Int(entry.id), position: max(rows.lowerBound, 0) + offset,
                        revision: statement.int(at: 0), fields: statement.fields(from: 1)))
            }
            return result
        }
    }

    /// A contact by id (`:id`): its revision, then every field.
    static let contactByIDSQL = "SELECT revision, \(ContactField.columnList) FROM contacts WHERE id = :id"

    /// The contact with `id` and its row in `order` (this connection's view), or nil.
    /// - Complexity: O(log² n): the lookup, then a binary search of the order for its row.
    public func contact(id: Int, in order: ListOrder) throws -> Contact? {
        let stored = try database.withStatement(Self.contactByIDSQL) { statement in
            statement.bind(id, to: ":id")
            return try statement.step() ? (statement.int(at: 0), statement.fields(from: 1)) : nil
        }
        guard let (revision, fields) = stored else { return nil }
        guard let row = try row(of: id, key: fields.sortKey(in: locale).bytes, in: order) else { return nil }
        return Contact(id: id, position: row, revision: revision, fields: fields)
    }

    /// Every section of the list's locale, in list order, empty ones included.
    /// - Complexity: O(sections).
    public func sections() throws -> [SectionInfo] {
        try database.withStatement("SELECT section, title, rows, first_row FROM sections ORDER BY section") {
            statement in
            var result: [SectionInfo] = []
            while try statement.step() {
                result.append(
                    SectionInfo(
                        index: statement.int(at: 0), title: statement.string(at: 1),
                        rows: statement.int(at: 2), firstRow: statement.int(at: 3),
                        isOwn: locale.isOwn(statement.string(at: 1))))
            }
            return result
        }
    }
}
