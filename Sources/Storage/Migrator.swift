import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Applies `Migrations/NNNN_name.sql` files in order, each in its own transaction,
/// and records each one in `schema_migrations`.
///
/// An up-to-date database is left untouched. A database that records a version
/// this code does not have was written by a newer Roster and is refused, so an
/// older binary never writes into a schema it does not understand.
public struct Migrator: Sendable {
    /// One migration file.
    public struct Migration: Equatable, Sendable {
        /// The number before the underscore.
        public let version: Int
        /// The file name.
        public let name: String
        /// The SQL it runs.
        public let sql: String
    }

    /// The migrations found, in version order.
    public let migrations: [Migration]
    /// The folder they came from.
    public let directory: String

    /// Reads every `NNNN_name.sql` in `directory`.
    /// - Throws: `StorageError.migrations` when the folder is missing or empty, a
    ///   `.sql` file is not named `NNNN_name.sql`, or two files share a version.
    public init(directory: String) throws {
        self.directory = directory
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw StorageError.migrations(
                directory: directory,
                problem: "folder not found; run from the project root or pass --migrations DIR")
        }
        var migrations: [Migration] = []
        for name in names.sorted() where name.hasSuffix(".sql") {
            guard let underscore = name.firstIndex(of: "_"), let version = Int(name[..<underscore]),
                version > 0
            else {
                throw StorageError.migrations(
                    directory: directory, problem: "\(name) is not named NNNN_description.sql")
            }
            if let clash = migrations.first(where: { $0.version == version }) {
                throw StorageError.migrations(
                    directory: directory, problem: "\(clash.name) and \(name) share version \(version)")
            }
            let sql: String
            do {
                sql = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            } catch {
                throw StorageError.migrations(directory: directory, problem: "cannot read \(name): \(error)")
            }
            migrations.append(Migration(version: version, name: name, sql: sql))
        }
        guard !migrations.isEmpty else {
            throw StorageError.migrations(directory: directory, problem: "no NNNN_name.sql files")
        }
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// The highest version this code knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings `database` up to `latestVersion`; returns the migrations it applied.
    /// - Throws: `.schemaNewer` for a database from a newer Roster (nothing is changed),
    ///   `.migrationFailed` when a file's SQL fails (that file is rolled back).
    @discardableResult
    public func migrate(_ database: Database) throws -> [Migration] {
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
            throw StorageError.schemaNewer(
                path: database.path, databaseVersion: current, codeVersion: latestVersion)
        }
        var applied: [Migration] = []
        for migration in migrations where migration.version > current {
            do {
                try database.transaction {
                    try database.execute(migration.sql)
                    let record = try database.statement(
                        "INSERT INTO schema_migrations (version, name) VALUES (?1, ?2)")
                    record.bind(migration.version, at: 1)
                    record.bind(migration.name, at: 2)
                    try record.run()
                }
            } catch StorageError.sqlite(_, let message, _) {
                throw StorageError.migrationFailed(file: migration.name, message: message)
            }
            applied.append(migration)
        }
        return applied
    }
}
