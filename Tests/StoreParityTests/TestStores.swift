import PostgresStorage
import SQLiteStorage
import TestSupport

extension TestPostgres {
    /// A database of its own on the test server, migrated.
    convenience init() throws {
        try self.init(
            execute: { url, sql in try PostgresConnection(url: url).execute(sql) },
            prepare: { url in
                try PostgresMigrator(directory: TestFolder.migrations + "/postgresql").migrate(
                    PostgresConnection(url: url))
            })
    }

    /// A reading store on this database, pinned.
    func pinnedStore() throws -> PostgresStore {
        let store = try PostgresStore(primaryURL: url)
        try store.pin()
        return store
    }
}

extension TestFolder {
    /// A SQLite store on a new file in this folder, migrated with the project's migrations.
    func store(_ name: String = "roster.sqlite") throws -> SQLiteContactStore {
        try SQLiteContactStore(path: file(name), migrator: SQLiteMigrator(directory: Self.migrations))
    }
}
