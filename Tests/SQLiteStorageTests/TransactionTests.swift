import Foundation
import Phones
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// `SQLiteDatabase`'s one transaction API: begin, commit, rollback, and `transaction(_:_:)`.
struct TransactionTests {
    let folder = TestFolder()

    /// A second connection to the test's file that never waits for a lock.
    func impatient() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: folder.file("roster.sqlite"))
        try database.execute("PRAGMA busy_timeout = 0")
        return database
    }

    @Test func aWritesBeginWhileAnotherConnectionWritesIsBusy() throws {
        let store = try folder.store()
        try store.seed(count: 10, randomSeed: 1)
        let writer = try SQLiteDatabase(path: folder.file("roster.sqlite"))
        try writer.begin(.write)
        let other = try impatient()
        #expect(throws: ContactsError.busy) { try other.begin(.write) }
        #expect(throws: ContactsError.busy) { try other.transaction(.write) { Issue.record("ran") } }
        let count = try other.transaction(.read) { try other.integer("SELECT count(*) FROM contacts") }
        #expect(count == 10, "a read goes on beside the writer")
        // The store's writes through it: a single write, and an import.
        let blocked = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        let editor = SQLiteContactEditor(store: blocked, busyTimeout: 0)
        #expect(throws: ContactsError.busy) {
            try editor.insert(ContactFields(firstName: "Bo"), base: { _ in nil }, prepare: { _ in })
        }
        // An import begins beside the writer; its rows wait for the lock like any write.
        let running = try blocked.beginImport(mode: .append)
        let cy = ContactFields(firstName: "Cy")
        #expect(throws: ContactsError.busy) {
            try running.add(
                cy, key: cy.sortKey(in: .english), document: SearchText.document(cy, region: .unitedStates),
                line: 2)
        }
        running.rollback()
        try writer.rollback()
        try other.begin(.write)
        try other.commit()
        let bo = try editor.insert(ContactFields(firstName: "Bo"), base: { _ in nil }, prepare: { _ in })
        #expect(bo.contact != nil, "the lock released, the write goes in")
    }

    @Test func aTransactionWhoseBodyThrowsLeavesNothingBehind() throws {
        struct Stop: Error {}
        let database = try SQLiteDatabase(path: folder.file("plain.sqlite"))
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(throws: Stop.self) {
            try database.transaction {
                try database.run("INSERT INTO t (x) VALUES (:x)") { $0.bind(1, to: ":x") }
                #expect(try database.integer("SELECT count(*) FROM t") == 1, "seen inside")
                throw Stop()
            }
        }
        #expect(try database.integer("SELECT count(*) FROM t") == 0)
        let other = try SQLiteDatabase(path: folder.file("plain.sqlite"))
        #expect(try other.integer("SELECT count(*) FROM t") == 0)
        // No transaction was left open: the next one begins and commits.
        let value = try database.transaction {
            try database.run("INSERT INTO t (x) VALUES (:x)") { $0.bind(2, to: ":x") }
            return 2
        }
        #expect(try other.integer("SELECT sum(x) FROM t") == value)
    }

    @Test func aWriteWhosePrepareThrowsKeepsNothing() throws {
        struct Refused: Error {}
        let store = try folder.store()
        try store.seed(count: 10, randomSeed: 1)
        let version = try store.dataVersion()
        let editor = SQLiteContactEditor(store: store)
        #expect(throws: Refused.self) {
            try editor.insert(
                ContactFields(firstName: "Bo"), base: { _ in nil }, prepare: { _ in throw Refused() })
        }
        let reader = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite"))
        #expect(try reader.count() == 10 && reader.dataVersion() == version)
        #expect(try store.listState().total == 10)
        let bo = try editor.insert(ContactFields(firstName: "Bo"), base: { _ in nil }, prepare: { _ in })
        #expect(bo.contact != nil, "the next write goes in")
    }

    @Test func aPinnedReadSeesOneVersionUntilReleased() throws {
        let store = try folder.store()
        try store.seed(count: 10, randomSeed: 1)
        let reader = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite"))
        let version = try reader.pin()
        try store.add([ContactFields(firstName: "Later")])
        #expect(try reader.count() == 10 && reader.dataVersion() == version, "the pinned snapshot")
        try reader.release()
        #expect(try reader.count() == 11)
        #expect(!reader.pinned)
    }
}
