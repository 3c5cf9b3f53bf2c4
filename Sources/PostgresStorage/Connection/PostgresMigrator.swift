import Contacts

/// Applies `Migrations/postgresql/NNNN_name.sql` in order, each in its own
/// transaction, recording each in `schema_migrations`, under an advisory lock: any
/// number of servers starting at once apply each migration once, one at a time.
/// A database that records a version this code does not have is refused.
public struct PostgresMigrator: Sendable {
    /// The migrations, from their own folder.
    public let migrations: [MigrationFiles.Migration]
    /// The folder.
    public let directory: String

    /// The key of the advisory lock migrations are applied under.
    static let lockKey = 7_306_118  // "roster" in no particular encoding: any fixed number

    /// Reads the migrations in `directory` (usually `Migrations/postgresql`).
    public init(directory: String) throws {
        let files = try MigrationFiles(directory: directory)
        migrations = files.migrations
        self.directory = directory
    }

    /// Records one migration as applied.
    static let recordSQL = PostgresStatement { parameters in
        "INSERT INTO schema_migrations (version, name)"
            + " VALUES (\(parameters["version"]), \(parameters["name"]))"
    }

    /// Brings the database of `connection` up to date.
    public func migrate(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_lock(\(Self.lockKey))")
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock(\(Self.lockKey))") }
        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    integer PRIMARY KEY,
                name       text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        let applied = try connection.query("SELECT coalesce(max(version), 0) FROM schema_migrations").int(
            0, 0)
        let newest = migrations.last?.version ?? 0
        if applied > newest {
            throw ContactsError.schemaNewer(
                path: connection.url, databaseVersion: applied, codeVersion: newest)
        }
        for migration in migrations where migration.version > applied {
            do {
                try connection.transaction(.write) {
                    try connection.execute(migration.sql)
                    try connection.query(
                        Self.recordSQL, ["version": String(migration.version), "name": migration.name])
                }
            } catch PostgresError.postgres(_, let message, _) {
                throw ContactsError.migrationFailed(file: migration.name, message: message)
            }
        }
    }
}
