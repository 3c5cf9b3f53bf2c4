import Contacts

/// The PostgreSQL store as an import's target: each import is one transaction on
/// its own connection to the primary.
public final class PostgresImporter: ImportTarget {
    private let connection: PostgresConnection

    /// Connects to the primary at `url`.
    public init(url: String) throws {
        // The last step waits for single writes in flight (each a few milliseconds)
        // for the version row; far longer, something is wrong: answer busy.
        connection = try PostgresConnection(url: url, settings: ["lock_timeout=2s"])
    }

    public func beginImport(mode: ImportMode) throws -> any ImportWriting {
        try PostgresImport(connection: connection, mode: mode)
    }

    public func count() throws -> Int {
        try connection.query("SELECT count(*) FROM contacts").int(0, 0)
    }
}
