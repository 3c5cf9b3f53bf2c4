import Contacts
import Phones

/// The PostgreSQL store as an import's target: each import is one transaction on
/// its own connection to the primary.
public final class PostgresImporter: ImportTarget {
    private let connection: PostgresConnection
    /// Where imported phones are read.
    private let region: PhoneRegion
    private let url: String

    /// Connects to the primary at `url`; the list's phones are read in `region`.
    public init(url: String, region: PhoneRegion) throws {
        self.region = region
        self.url = url
        // The last step waits for single writes in flight (each a few milliseconds)
        // for the version row; far longer, something is wrong: answer busy.
        connection = try PostgresConnection(url: url, settings: ["lock_timeout=2s"])
    }

    public func beginImport(mode: ImportMode) throws -> any ImportWriting {
        try PostgresImport(connection: connection, url: url, mode: mode, region: region)
    }

    public func count() throws -> Int {
        try connection.query("SELECT count(*) FROM contacts").int(0, 0)
    }
}
