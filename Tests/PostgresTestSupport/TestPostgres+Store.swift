import PostgresStorage
import TestSupport

extension TestPostgres {
    /// A database of its own on the test server, migrated.
    public convenience init() throws {
        try self.init(
            execute: { url, sql in try PostgresConnection(url: url).execute(sql) },
            prepare: { url in
                try PostgresMigrator(directory: TestFolder.migrations + "/postgresql").migrate(
                    PostgresConnection(url: url))
            })
    }

    /// A reading store on this database, pinned.
    public func pinnedStore() throws -> PostgresStore {
        let store = try PostgresStore(primaryURL: url)
        try store.pin()
        return store
    }
}
