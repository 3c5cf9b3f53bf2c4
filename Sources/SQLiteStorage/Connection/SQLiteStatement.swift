import CSQLite
import Contacts

/// A compiled SQL statement, finalized when the last reference goes.
///
/// Parameters are named in the SQL (`:id`, `:sort_key`, one per field from its
/// column name: `:first_name`...) and bound by name; columns are read by index
/// (0-based). A name the SQL does not have is a programming error and traps, with
/// the SQL and the name. Text is bound with SQLITE_TRANSIENT (the caller's buffer
/// may die right after) unless a method says otherwise.
///
/// In debug builds the first `step()` after a reset traps unless every parameter
/// the SQL declares was bound since that reset: no statement runs with a parameter
/// left NULL or holding an earlier use's value.
public final class SQLiteStatement {
    /// The SQL as written, for error messages.
    public let sql: String
    /// The connection's handle, for error messages; `sqlite3_close_v2` keeps it valid while statements live.
    private let connection: OpaquePointer
    let handle: OpaquePointer
    /// Indexes already looked up, by name: a name is resolved once per statement.
    private var indexes: [String: Int32] = [:]
    /// `fieldParameters`, once asked for.
    private var resolvedFieldParameters: [Parameter]?
    #if DEBUG
        /// Which parameters were bound since the last reset, by index - 1.
        private var bound: [Bool]
        /// No step since the last reset: the next one checks `bound`.
        private var fresh = true
        /// Steps that checked every parameter was bound, for tests.
        private(set) var checkedRuns = 0
    #endif

    /// A parameter of this statement, found by name once (`parameter(_:)`) and
    /// bound by its index after: for a statement bound again and again.
    struct Parameter {
        let index: Int32
    }

    init(database: SQLiteDatabase, sql: String) throws {
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
        #if DEBUG
            bound = Array(repeating: false, count: Int(sqlite3_bind_parameter_count(handle)))
        #endif
    }

    deinit { sqlite3_finalize(handle) }

    /// The names of the parameters the SQL declares, in SQLite's order (`:id`, ...).
    var parameterNames: [String] {
        (1...max(1, sqlite3_bind_parameter_count(handle))).compactMap { index in
            sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) }
        }
    }

    /// Readies the statement to run again (ending the read it was on). Bindings
    /// stay with SQLite, but every parameter is to be bound again before the next step.
    public func reset() {
        sqlite3_reset(handle)
        #if DEBUG
            fresh = true
            for index in bound.indices { bound[index] = false }
        #endif
    }

    /// Parameter `name` (with its `:`), looked up once per statement.
    /// - Precondition: the SQL declares `name`.
    func parameter(_ name: String) -> Parameter {
        if let index = indexes[name] { return Parameter(index: index) }
        let index = sqlite3_bind_parameter_index(handle, name)
        // fatalError, not a precondition: its message is printed in an optimized build too.
        guard index > 0 else { fatalError("no parameter \(name) in SQL: \(sql)") }
        indexes[name] = index
        return Parameter(index: index)
    }

    /// The parameter of each field (`:first_name`, ...), in column order, looked up once.
    /// - Precondition: the SQL declares every field's parameter.
    var fieldParameters: [Parameter] {
        if let resolvedFieldParameters { return resolvedFieldParameters }
        let resolved = ContactField.allCases.map { parameter($0.parameter) }
        resolvedFieldParameters = resolved
        return resolved
    }

    /// Binds an integer to parameter `name` (e.g. `":id"`).
    public func bind(_ value: Int, to name: String) { bind(value, to: parameter(name)) }

    /// Binds text to parameter `name`.
    public func bind(_ value: String, to name: String) { bind(value, to: parameter(name)) }

    /// Binds a blob to parameter `name`.
    public func bind(blob value: [UInt8], to name: String) { bind(blob: value, to: parameter(name)) }

    func bind(_ value: Int, to parameter: Parameter) {
        sqlite3_bind_int64(handle, parameter.index, Int64(value))
        didBind(parameter)
    }

    func bind(_ value: String, to parameter: Parameter) {
        var value = value
        value.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                // A nil pointer would bind NULL; empty text is ''.
                _ = sqlite3_bind_text(handle, parameter.index, "", 0, roster_sqlite_static())
                return
            }
            _ = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, parameter.index, $0, Int32(bytes.count), roster_sqlite_transient())
            }
        }
        didBind(parameter)
    }

    func bind(blob value: [UInt8], to parameter: Parameter) {
        value.withUnsafeBytes { bytes in
            _ = sqlite3_bind_blob(
                handle, parameter.index, bytes.baseAddress, Int32(bytes.count), roster_sqlite_transient())
        }
        didBind(parameter)
    }

    /// Binds `count` bytes at `bytes` as text (`asBlob`: as a blob) without copying
    /// them (SQLITE_STATIC): they must stay alive and unchanged until the statement
    /// is reset or the parameter rebound.
    func bindUncopied(
        _ bytes: UnsafeRawPointer, count: Int32, asBlob: Bool = false, to parameter: Parameter
    ) {
        if asBlob {
            sqlite3_bind_blob(handle, parameter.index, bytes, count, roster_sqlite_static())
        } else {
            let text = bytes.assumingMemoryBound(to: CChar.self)
            sqlite3_bind_text(handle, parameter.index, text, count, roster_sqlite_static())
        }
        didBind(parameter)
    }

    @inline(__always) private func didBind(_ parameter: Parameter) {
        #if DEBUG
            bound[Int(parameter.index) - 1] = true
        #endif
    }

    /// Runs to the next row: true when a row is ready to read, false when done.
    /// - Throws: `SQLiteError.sqlite` with SQLite's message and this SQL.
    @discardableResult
    public func step() throws -> Bool {
        #if DEBUG
            if fresh {
                fresh = false
                if let missing = bound.firstIndex(of: false) {
                    let name =
                        sqlite3_bind_parameter_name(handle, Int32(missing + 1))
                        .map { String(cString: $0) } ?? "?\(missing + 1)"
                    fatalError("parameter \(name) not bound before running: \(sql)")
                }
                checkedRuns += 1
            }
        #endif
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError.last(on: connection, sql: sql)
            reset()
            throw error
        }
    }

    /// Runs a statement that returns no rows, then resets it.
    public func run() throws {
        defer { reset() }
        while try step() {}
    }

    /// Whether the statement is part way through its rows (stepped, not done nor reset),
    /// which holds its read transaction open.
    var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

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

    /// `body`'s result over column `index` (0-based) of the current row as bytes, read
    /// in place (empty for NULL): valid only inside `body`.
    public func withBlob<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, index), count: count))
    }

    /// Column `index` (0-based) of the current row as text ("" for NULL).
    public func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}
