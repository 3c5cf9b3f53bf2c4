import Contacts
import Foundation
import SQLiteStorage
import TestSupport

extension TestFolder {
    /// A store on a file in this folder, migrated with the project's migrations, its list settled
    /// in `locale` as a start settles it (nil: the list's own, English for a new file).
    public func store(_ name: String = "roster.sqlite", locale: ListLocale? = nil) throws
        -> SQLiteContactStore
    {
        let store = try SQLiteContactStore(
            path: file(name), migrator: SQLiteMigrator(directory: Self.migrations))
        try store.settleLocale(locale ?? store.locale)
        return store
    }
}

extension SQLiteContactStore {
    /// The contacts at `rows` of the list as this connection sees it now (its order read whole).
    public func contacts(at rows: Range<Int>) throws -> [Contact] {
        try contacts(at: rows, in: listState().order)
    }

    /// The contact `id` with its row in the list as this connection sees it now.
    public func contact(id: Int) throws -> Contact? {
        try contact(id: id, in: listState().order)
    }
}
