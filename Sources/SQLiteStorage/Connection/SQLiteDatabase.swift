import CSQLite
import Contacts

#if canImport(Glibc)
    import Glibc
#endif

/// One SQLite connection: WAL journal, foreign keys on, a busy timeout (`pollForLocks`), and a
/// cache of prepared statements reused across calls.
///
/// A connection is not thread-safe: confine each one to a single thread (or a
/// lock), and open one per thread that reads. WAL lets readers on other
/// connections go on while one writer holds a transaction.
public final class SQLiteDatabase {
    /// The file this connection opened.
    public let path: String
    let handle: OpaquePointer
    /// How this file's writers take turns, shared by every connection to `path`.
    let turns: SQLiteWriteTurns
    private var statements: [String: SQLiteStatement] = [:]
    /// Where this connection's `roster_ids(x)` sets bits, once registered (`SQLiteDatabase+IDBits`).
    var idBits: UnsafeMutablePointer<IDBits>?

    /// The library's settings, made once before its first connection: no count of
    /// its memory (a lock on every allocation, shared by all threads).
    private static let configured: Void = { _ = roster_sqlite_stop_memory_count() }()

    /// Opens (creating when `create` is true) the database at `path`.
    ///
    /// - Throws: `SQLiteError.cannotOpen` for a missing folder or no permission,
    ///   `.notADatabase` for a file that is not SQLite.
    public init(path: String, create: Bool = true, readOnly: Bool = false) throws {
        _ = Self.configured
        self.path = path
        turns = SQLiteWriteTurns.of(path)
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLiteError.cannotOpen(
                path: path, reason: SQLiteDatabase.explain(path: path, sqliteReason: reason))
        }
        self.handle = handle
        pollForLocks(upTo: 5000)
        do {
            // The first statement reads the header: a file that is not SQLite fails here.
            try execute("PRAGMA foreign_keys = ON")
            if !readOnly {
                try execute("PRAGMA journal_mode = WAL")
                try execute("PRAGMA synchronous = NORMAL")
                // A log that grew (an import) is cut back to 64 MiB when it starts over.
                try execute("PRAGMA journal_size_limit = 67108864")
            }
        } catch SQLiteError.sqlite(let code, let message, _)
            where code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT
        {
            throw SQLiteDatabase.diagnose(path, sqliteReason: message)
        } catch SQLiteError.sqlite(let code, let message, _)
            where code & 0xFF == SQLITE_CANTOPEN || code & 0xFF == SQLITE_READONLY
        {
            throw SQLiteError.cannotOpen(
                path: path, reason: SQLiteDatabase.explain(path: path, sqliteReason: message))
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
        idBits?.deallocate()
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError.last(on: handle, sql: sql, message: text)
        }
    }

    /// A prepared statement for `sql`, compiled once per connection and reset for
    /// each use: for a reader that keeps it across calls (a cursor), which resets it
    /// in its own `close()` and `deinit`. Anything else uses `withStatement(_:_:)`.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try SQLiteStatement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` with the prepared statement for `sql` (compiled once per
    /// connection), and resets it when `body` returns or throws: a statement left
    /// on a row would hold its read transaction open. `body` binds, steps and reads.
    ///
    /// The statement is the connection's one for that SQL: `body` must not ask for
    /// the same SQL again while it uses it.
    public func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    /// Each row `sql` gives for the ids in `ids` (its `:first` and `:last`), as `row` reads it.
    public func rows<T>(_ sql: String, in ids: ClosedRange<Int>, _ row: (SQLiteStatement) throws -> T) throws
        -> [T]
    {
        try withStatement(sql) { statement in
            statement.bind(ids.lowerBound, to: ":first")
            statement.bind(ids.upperBound, to: ":last")
            var found: [T] = []
            while try statement.step() { found.append(try row(statement)) }
            return found
        }
    }

    /// Runs `sql`, a statement that returns no rows, with the parameters `bind` binds.
    public func run(_ sql: String, bind binding: (SQLiteStatement) -> Void = { _ in }) throws {
        try withStatement(sql) { statement in
            binding(statement)
            try statement.run()
        }
    }

    /// The single integer a query returns (with the parameters `bind` binds), or
    /// nil when it returns no row.
    public func integer(_ sql: String, bind binding: (SQLiteStatement) -> Void = { _ in }) throws -> Int? {
        try withStatement(sql) { statement in
            binding(statement)
            return try statement.step() ? statement.int(at: 0) : nil
        }
    }

    /// Whether a table named `name` exists.
    public func tableExists(_ name: String) throws -> Bool {
        try withStatement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = :name") { statement in
            statement.bind(name, to: ":name")
            return try statement.step()
        }
    }

    /// The statements this connection has prepared, for tests.
    var preparedStatements: [SQLiteStatement] { Array(statements.values) }

    func error(sql: String?) -> any Error {
        SQLiteError.last(on: handle, sql: sql)
    }

    /// Turns SQLite's "unable to open database file" into the cause a person can fix.
    private static func explain(path: String, sqliteReason: String) -> String {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        if !directory.isEmpty, access(directory, F_OK) != 0 {
            return "folder \(directory) does not exist; create it or choose another --db"
        }
        if access(path, F_OK) == 0, access(path, R_OK | W_OK) != 0 {
            return "no permission to read and write it; fix its permissions or choose another --db"
        }
        if access(path, F_OK) != 0, access(directory.isEmpty ? "/" : directory, W_OK) != 0 {
            return
                "no permission to create a file in \(directory.isEmpty ? "/" : directory); choose another --db"
        }
        return sqliteReason + "; check the path and its permissions, or choose another --db"
    }
}
