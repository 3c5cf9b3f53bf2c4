import CSQLite

/// A contact's stored text fields, by column.
public enum ContactField: Int32, CaseIterable, Sendable {
    case firstName = 2, lastName, email, phone, company, city, notes
}

/// Contacts in position order, read one at a time with their fields exposed as
/// UTF-8 bytes straight from SQLite: no `String` per field, for the window hot path.
///
/// A field's bytes are valid until the cursor moves or closes. One cursor per store
/// at a time (it uses the store's cached statement); `close()` ends it.
public final class ContactCursor {
    private let statement: Statement
    private var hasRow = false
    private var done = false

    init(statement: Statement) {
        self.statement = statement
    }

    deinit { statement.reset() }

    /// Position of the current row (valid after `move(to:)` returned true).
    public var position: Int { statement.int(at: 0) }
    /// Id of the current row.
    public var id: Int { statement.int(at: 1) }

    /// Moves forward to the row at `position`: true when it exists. Positions must
    /// be asked for in increasing order; rows in between are skipped.
    public func move(to position: Int) throws -> Bool {
        while !done {
            if hasRow && self.position >= position { return self.position == position }
            hasRow = try statement.step()
            done = !hasRow
        }
        return false
    }

    /// The UTF-8 bytes of `field` in the current row.
    public func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_column_text(statement.handle, field.rawValue) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement.handle, field.rawValue)))
    }

    /// Ends the read (releases SQLite's read transaction).
    public func close() {
        statement.reset()
        done = true
    }
}

extension ContactStore {
    /// A cursor over the contacts at `positions`.
    /// - Complexity: O(log n) to start, O(1) per row.
    public func cursor(at positions: Range<Int>) throws -> ContactCursor {
        let statement = try database.statement(Self.rangeSQL)
        statement.bind(positions.lowerBound, at: 1)
        statement.bind(positions.upperBound, at: 2)
        return ContactCursor(statement: statement)
    }

    static let rangeSQL = """
        SELECT p.position, c.id, c.first_name, c.last_name, c.email, c.phone, c.company, c.city, c.notes
        FROM positions p JOIN contacts c ON c.id = p.contact_id
        WHERE p.position >= ?1 AND p.position < ?2 ORDER BY p.position
        """
}
