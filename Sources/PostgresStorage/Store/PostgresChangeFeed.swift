import Contacts

/// A connection that LISTENs for the data versions other servers' writes notify
/// (`PostgresEditor.channel`), and a source on the primary to read them.
final class PostgresChangeFeed: ContactChangeFeed {
    private let connection: PostgresConnection
    let source: any ContactSource

    /// Listens on the primary at `url`.
    init(url: String) throws {
        connection = try PostgresConnection(url: url)
        try connection.execute("LISTEN \(PostgresEditor.channel)")
        source = try PostgresStore(primaryURL: url)
    }

    func changed() throws -> Bool { try !connection.notifications().isEmpty }
}
