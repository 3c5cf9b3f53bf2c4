import PostgresStorage
import TestSupport

extension TestPostgres {
    /// A database of its own on the test server, migrated and its list settled in `locale` as a
    /// start settles it.
    public convenience init(locale: String = "en") throws {
        try self.init(
            execute: { url, sql in try PostgresConnection(url: url).execute(sql) },
            prepare: { url in
                _ = try PostgresBackend(
                    url: url, migrations: TestFolder.migrations + "/postgresql", locale: locale, now: { 0 }
                ).settleLocale()
            })
    }

    /// A reading store on this database, pinned.
    public func pinnedStore() throws -> PostgresStore {
        let store = try PostgresStore(primaryURL: url)
        try store.pin()
        return store
    }
}
