import Contacts
import PostgresStorage
import SQLiteStorage

/// Opens either store migrated with the `--migrations` folder, wherever
/// `FolderLocator` finds it (SQLite's files in it, PostgreSQL's in its `postgresql`
/// folder), for `serve`, `seed` and `import` alike.
enum MigratedStores {
    /// The SQLite file at `path`, created if needed and brought up to date.
    static func sqlite(_ path: String, migrations: String) throws -> ContactStore {
        try ContactStore(path: path, migrator: Migrator(directory: FolderLocator.locate(migrations)))
    }

    /// Brings the PostgreSQL database at `url` up to date.
    static func migratePostgres(_ url: String, migrations: String) throws {
        try PostgresMigrator(directory: FolderLocator.locate(migrations) + "/postgresql").migrate(
            PGConnection(url: url))
    }
}
