import CSQLite
import Contacts

/// A compiled SQL statement, finalized when the last reference goes.
///
/// Bind parameters (1-based), `step()` through the rows, read columns (0-based).
/// Text is bound with SQLITE_TRANSIENT, so the caller's buffer may die right after.
public final class Statement {
    /// The SQL as written, for error messages.
    public let sql: String
    /// The connection's handle, for error messages; `sqlite3_close_v2` keeps it valid while statements live.
    private let connection: OpaquePointer
    let handle: OpaquePointer

    init(database: Database, sql: String) throws {
        var handle: OpaquePointer?
        guard
            sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
                == SQLITE_OK,
            let handle
        else {
            throw database.error(sql: sql)
        }
        self.connection = database.handle
        self.sql = sql
        self.handle = handle
    }

    deinit { sqlite3_finalize(handle) }

    /// Readies the statement to run again; bindings are kept until rebound.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// Binds an integer to parameter `index` (1-based).
    public func bind(_ value: Int, at index: Int32) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    /// Binds text to parameter `index` (1-based).
    public func bind(_ value: String, at index: Int32) {
        var value = value
        value.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                // A nil pointer would bind NULL; empty text is ''.
                _ = sqlite3_bind_text(handle, index, "", 0, roster_sqlite_static())
                return
            }
            _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(bytes.count), roster_sqlite_transient())
            }
        }
    }

    /// Binds a blob to parameter `index` (1-based).
    public func bind(blob value: [UInt8], at index: Int32) {
        value.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(
                handle, index, bytes.baseAddress, Int32(bytes.count), roster_sqlite_transient())
        }
    }

    /// Runs to the next row: true when a row is ready to read, false when done.
    /// - Throws: `SQLiteError.sqlite` with SQLite's message and this SQL.
    @discardableResult
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError.sqlite(
                code: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)),
                sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows, then resets it.
    public func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Column `index` (0-based) of the current row as an integer.
    public func int(at index: Int32) -> Int {
        Int(sqlite3_column_int64(handle, index))
    }

    /// Column `index` (0-based) of the current row as bytes (empty for NULL).
    public func blob(at index: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Column `index` (0-based) of the current row as text ("" for NULL).
    public func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}
