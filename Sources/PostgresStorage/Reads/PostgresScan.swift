import Contacts

/// Every contact in list order from PostgreSQL, for an export: one repeatable
/// read on a connection of its own, a cursor over the order index fetched a batch
/// at a time, so memory stays flat and the file is one version of the list.
public final class PostgresScan: ContactScanning {
    private let connection: PostgresConnection
    private var open = true

    /// Begins the read on the primary at `url`.
    public init(url: String) throws {
        connection = try PostgresConnection(url: url)
        // The cursor is declared in the same round trip as the read begins.
        try connection.begin(
            .snapshot,
            then: "DECLARE export NO SCROLL CURSOR FOR SELECT \(ContactField.columnList)"
                + " FROM contacts ORDER BY sort_key, id")
    }

    deinit { self.close() }

    public func next(limit: Int) throws -> [ContactFields] {
        guard open else { return [] }
        let result = try connection.query("FETCH \(limit) FROM export")
        return (0..<result.count).map { PostgresReads.fields(result, row: $0, from: 0) }
    }

    public func close() {
        guard open else { return }
        open = false
        try? connection.commit()
    }
}
