import Contacts

/// Applies `Migrations/NNNN_name.sql` files in order, each in its own transaction,
/// and records each one in `schema_migrations`.
///
/// An up-to-date database is left untouched. A database that records a version
/// this code does not have was written by a newer Roster and is refused, so an
/// older binary never writes into a schema it does not understand.
public struct SQLiteMigrator: Sendable {
    /// One migration file.
    public typealias Migration = MigrationFiles.Migration

    /// The migrations found, in version order.
    public var migrations: [Migration] { files.migrations }
    /// The folder they came from.
    public var directory: String { files.directory }
    /// The highest version this code knows.
    public var latestVersion: Int { files.latestVersion }
    private let files: MigrationFiles

    /// Reads every `NNNN_name.sql` in `directory` (see `MigrationFiles`).
    public init(directory: String) throws {
        files = try MigrationFiles(directory: directory)
    }

    /// Brings `database` up to `latestVersion`; returns the migrations it applied.
    /// - Throws: `.schemaNewer` for a database from a newer Roster (nothing is changed),
    ///   `.migrationFailed` when a file's SQL fails (that file is rolled back).
    @discardableResult
    public func migrate(_ database: SQLiteDatabase) throws -> [Migration] {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
            )
            """)
        let current = try database.integer("SELECT coalesce(max(version), 0) FROM schema_migrations") ?? 0
        if current > latestVersion {
            throw ContactsError.schemaNewer(
                path: database.path, databaseVersion: current, codeVersion: latestVersion)
        }
        var applied: [Migration] = []
        for migration in migrations where migration.version > current {
            do {
                try database.transaction {
                    try database.execute(migration.sql)
                    let record = "INSERT INTO schema_migrations (version, name) VALUES (:version, :name)"
                    try database.run(record) {
                        $0.bind(migration.version, to: ":version")
                        $0.bind(migration.name, to: ":name")
                    }
                }
            } catch SQLiteError.sqlite(_, let message, _) {
                throw ContactsError.migrationFailed(file: migration.name, message: message)
            }
            applied.append(migration)
        }
        return applied
    }
}
