import Contacts

/// Every contact in list order, read a batch at a time through one statement
/// (`contact_order` in key order, then each contact by id): for an export, which must not
/// hold the whole list in memory. Pin the store first for one consistent version.
/// It keeps one of the store's cached statements across calls: `close()` (or
/// `deinit`) resets it, ending its read.
public final class SQLiteOrderedScan {
    private let statement: SQLiteStatement
    /// Contacts readers do not see (an import's before it shows them): left out.
    private let hidden: HiddenIDs
    private var done = false

    /// A scan of `store` from the first contact.
    public init(store: SQLiteContactStore) throws {
        hidden = try store.hiddenIDs()
        statement = try store.database.statement(
            """
            SELECT o.id, \(ContactField.columnList) FROM contact_order o JOIN contacts c ON c.id = o.id
            ORDER BY o.sort_key, o.id
            """)
        statement.reset()
    }

    deinit { self.close() }

    /// Ends the scan: its statement is reset, so it no longer holds a read open.
    public func close() {
        done = true
        statement.reset()
    }

    /// The next `limit` contacts' fields at most; empty at the end.
    public func next(limit: Int) throws -> [ContactFields] {
        var result: [ContactFields] = []
        while !done, result.count < limit {
            if try statement.step() {
                if hidden.isEmpty || !hidden.contains(statement.int(at: 0)) {
                    result.append(statement.fields(from: 1))
                }
            } else {
                self.close()
            }
        }
        return result
    }
}
