import Contacts
import Foundation

/// An order written whole into an empty `contact_order`, its pages packed full.
///
/// Rows appended to a WITHOUT ROWID table in key order leave its pages about 88% full (SQLite
/// splits the last page as it would for a row in the middle): 48.5 MB for 1,000,000 contacts
/// where 43 MB hold them. A copy from a table of the same definition into an empty one is
/// SQLite's transfer (what VACUUM does), which fills each page before the next. So an order
/// written whole goes into a temporary table first and is copied in at the end.
extension SQLiteContactStore {
    /// The temporary table an order is written into before it is copied.
    static let packedOrderTable = "temp.packed_order"

    /// Adds a row to `packedOrderTable`, as `orderInsertSQL` does to the order.
    static let packedOrderInsertSQL =
        "INSERT INTO \(packedOrderTable) (sort_key, id, lines) VALUES (:sort_key, :id, :lines)"

    /// Makes `packedOrderTable` empty, with `contact_order`'s definition (a transfer needs the
    /// same columns, key and checks), inside the caller's transaction.
    /// (The definition is SQLite's own text of it; only the name at its head changes.)
    func beginPackedOrder() throws {
        let head = "CREATE TABLE contact_order"
        guard
            let definition = try database.withStatement(
                "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'contact_order'"
            ) { statement in try statement.step() ? statement.string(at: 0) : nil },
            definition.hasPrefix(head)
        else { throw ContactsError.inconsistent("contact_order has no definition to copy") }
        try database.execute(
            "DROP TABLE IF EXISTS \(Self.packedOrderTable); CREATE TABLE \(Self.packedOrderTable)"
                + definition.dropFirst(head.count))
    }

    /// Copies `packedOrderTable` into the order, packed when the order is empty, and drops it.
    /// Every statement on the temporary table must be finished.
    func endPackedOrder() throws {
        try database.execute(
            """
            INSERT INTO contact_order SELECT * FROM \(Self.packedOrderTable);
            DROP TABLE \(Self.packedOrderTable);
            """)
    }
}
