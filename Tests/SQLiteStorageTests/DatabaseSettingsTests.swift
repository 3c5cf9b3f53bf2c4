import CSQLite
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// SQLite's own count of its memory is off: it takes a process-wide lock on every
/// allocation, which would serialize a search's two halves.
struct SQLiteSettingsTests {
    @Test func sqliteDoesNotCountItsMemory() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 100, randomSeed: 1)
        #expect(sqlite3_memory_used() == 0)
    }
}
