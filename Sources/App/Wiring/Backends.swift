import Contacts
import Phones
import Platform
import PostgresStorage
import SQLiteStorage

/// Where the contacts are kept, from the `--db` a person gave: a `postgres://` or
/// `postgresql://` URL names a PostgreSQL database, anything else a SQLite file.
/// The one place that tells the stores apart; everything else goes through
/// `ContactBackend`. Migrations come from the `--migrations` folder, wherever
/// `FolderLocator` finds it: SQLite's files in it, PostgreSQL's in its `postgresql` folder.
enum Backends {
    /// The database `database` names, for `roster seed` and `roster import`: its
    /// phones read in the region a SQLite file records (its locale's on PostgreSQL).
    static func backend(_ database: String, migrations: String, locale: String? = nil) -> any ContactBackend {
        backend(
            database, migrations: migrations, locale: locale, replicas: [], rowCacheMiB: 0, region: nil,
            log: { _ in })
    }

    /// The database `options` names, for serving: PostgreSQL's read through
    /// `--read-db` replicas, keeping `--row-cache-mb` of window rows.
    static func backend(_ options: ServeOptions, log: @escaping @Sendable (String) -> Void)
        -> any ContactBackend
    {
        backend(
            options.database, migrations: options.migrationsDirectory, locale: options.locale,
            replicas: options.readDatabases,
            rowCacheMiB: options.rowCacheMiB, region: options.region, log: log)
    }

    private static func backend(
        _ database: String, migrations: String, locale: String?, replicas: [String], rowCacheMiB: Int,
        region: PhoneRegion?,
        log: @escaping @Sendable (String) -> Void
    ) -> any ContactBackend {
        let folder = FolderLocator.locate(migrations)
        guard PostgresConnection.isURL(database) else {
            return SQLiteBackend(path: database, migrations: folder, locale: locale, region: region, log: log)
        }
        return PostgresBackend(
            url: database, replicas: replicas, migrations: folder + "/postgresql", locale: locale,
            rowCacheBytes: rowCacheMiB << 20, region: region,
            now: { MonotonicClock.system.nanoseconds() }, log: log)
    }
}
