import CSQLite
import Contacts

/// Contacts in position order, read one at a time with their fields exposed as
/// UTF-8 bytes straight from SQLite: no `String` per field, for the window hot path.
///
/// The window's ids come from the list order; when they run consecutively (a
/// seeded list, or a file imported in list order) the contacts come from one id
/// range, else one lookup each.
///
/// A field's bytes are valid until the cursor moves or closes. One cursor per store
/// at a time (it keeps one of the store's cached statements across calls); `close()`
/// ends it, and so does `deinit` (both reset the statement, ending its read).
public final class SQLiteContactCursor {
    private let first: Int
    private let ids: [Int]
    private let statement: SQLiteStatement
    /// `:id` when the contacts are looked up one id at a time (resolved once, bound
    /// once per row); nil when the ids run consecutively and come from one range.
    private let idParameter: SQLiteStatement.Parameter?
    private var hasRow = false
    private var done = false
    /// The current row's text fields read so far (bit `rawValue` of `read`): a window
    /// asks for each field three times (its digest, its JSON, its HTML).
    private var fields = [UnsafeBufferPointer<UInt8>](
        repeating: UnsafeBufferPointer(start: nil, count: 0), count: ContactField.allCases.count)
    private var read: UInt64 = 0

    init(first: Int, ids: [Int], store: SQLiteContactStore) throws {
        self.first = first
        self.ids = ids
        let consecutive =
            ids.count > 1 && ids.last! - ids.first! == ids.count - 1
            && zip(ids, ids.dropFirst()).allSatisfy { $1 == $0 + 1 }
        if consecutive {
            statement = try store.database.statement(Self.rangeSQL)
            statement.bind(ids.first!, to: ":first")
            statement.bind(ids.last!, to: ":last")
            idParameter = nil
        } else {
            statement = try store.database.statement(Self.byIDSQL)
            idParameter = statement.parameter(":id")
        }
    }

    /// The contacts with ids `:first...:last`, by id: the id, then every field.
    static let rangeSQL =
        "SELECT id, \(ContactField.columnList) FROM contacts WHERE id >= :first AND id <= :last ORDER BY id"
    /// The contact with id `:id`: the id, then every field.
    static let byIDSQL = "SELECT id, \(ContactField.columnList) FROM contacts WHERE id = :id"

    deinit { statement.reset() }  // a statement left on a row would hold its read open

    /// Position of the current row (valid after `move(to:)` returned true).
    public private(set) var position = -1
    /// Id of the current row.
    public var id: Int { statement.int(at: 0) }

    /// Moves to the row at `position`: true when it exists. Positions must be
    /// asked for in increasing order.
    public func move(to position: Int) throws -> Bool {
        read = 0  // what was read of the row before goes with it
        let index = position - first
        guard !done, index >= 0, index < ids.count else { return false }
        let wanted = ids[index]
        if let idParameter {
            statement.reset()
            statement.bind(wanted, to: idParameter)
            guard try statement.step() else { return false }
        } else {
            while !hasRow || statement.int(at: 0) < wanted {
                hasRow = try statement.step()
                if !hasRow {
                    done = true
                    return false
                }
            }
            guard statement.int(at: 0) == wanted else { return false }
        }
        self.position = position
        return true
    }

    /// The UTF-8 bytes of text `field` in the current row.
    public func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8> {
        let bit: UInt64 = 1 << UInt64(field.rawValue)
        if read & bit != 0 { return fields[field.rawValue] }
        let column = Int32(field.rawValue + 1)  // id is column 0, the fields follow
        // Text, then its length: a column read as text stays text, so the pointer holds.
        let text = sqlite3_column_text(statement.handle, column)
        let bytes = UnsafeBufferPointer(
            start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(statement.handle, column)))
        fields[field.rawValue] = bytes
        read |= bit
        return bytes
    }

    /// The value of boolean `field` in the current row.
    public func bool(_ field: ContactField) -> Bool {
        sqlite3_column_int64(statement.handle, Int32(field.rawValue + 1)) != 0
    }

    /// Ends the read (releases SQLite's read transaction).
    public func close() {
        read = 0
        statement.reset()
        done = true
    }
}

extension SQLiteContactStore {
    /// A cursor over the contacts of `entries`, the entries of rows `firstRow...`
    /// (from a `ListOrder` of this connection's data version).
    /// - Complexity: O(log n + k) when the ids run consecutively, else O(k log n).
    public func cursor(over entries: [OrderEntry], firstRow: Int) throws -> SQLiteContactCursor {
        try SQLiteContactCursor(first: max(firstRow, 0), ids: entries.map { Int($0.id) }, store: self)
    }
}
