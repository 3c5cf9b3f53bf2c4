import Foundation
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The list order saved whole for the next start: read back, it is the order
/// `contact_order` gives, and it is used only at the data version it was saved at.
struct SavedOrderTests {
    let folder = TestFolder()

    /// The order as `contact_order` gives it, the saved one left aside.
    private static func tableOrder(_ store: SQLiteContactStore) throws -> [OrderEntry] {
        let saved = try store.database.integer(
            "SELECT value FROM roster_meta WHERE key = 'order_saved_version'")
        try store.database.execute("UPDATE roster_meta SET value = -1 WHERE key = 'order_saved_version'")
        defer {
            try? store.database.execute(
                "UPDATE roster_meta SET value = \(saved ?? -1) WHERE key = 'order_saved_version'")
        }
        return try store.listState().order.allEntries
    }

    @Test func aSeedSavesItsOrderAndAStartReadsItBack() throws {
        let store = try folder.store()
        // More than one part of 65,536 entries, notes lines among them.
        try store.seed(count: 70_000, randomSeed: 3)
        let version = try store.dataVersion()
        #expect(try store.orderSaved(at: version))
        #expect(try store.database.integer("SELECT count(*) FROM saved_order") == 2)
        let saved = try store.listState()
        #expect(saved.order.allEntries == (try Self.tableOrder(store)))
        #expect(saved.order.lines > 0 && saved.version == version)
    }

    @Test func aWriteLeavesTheSavedOrderBehindUntilItIsSavedAgain() throws {
        let store = try folder.store()
        try store.seed(count: 3_000, randomSeed: 3)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        var state = try store.listState()
        state = try editor.insert(
            ContactFields(firstName: "Aaron", lastName: "Aardvark", notes: "one\ntwo"), base: { _ in state },
            prepare: { _ in }
        ).state
        state = try editor.delete(id: Int(state.order[2_000].id), base: { _ in state }, prepare: { _ in })
            .state
        // The file is at a newer version than the saved order: the table is read.
        #expect(try !store.orderSaved(at: state.version))
        // (Entries read from the file have revision 0; the writer's carry the write's.)
        let read = try store.listState()
        let unrevised = state.order.allEntries.map { OrderEntry(id: Int($0.id), lines: Int($0.lines)) }
        #expect(read.order.allEntries == unrevised && read.order.count == 3_000)
        // Saved (as a server does when it stops), then read back; saving again is a no-op.
        #expect(try store.saveOrder(state))
        #expect(try store.orderSaved(at: state.version) && !store.saveOrder(state))
        #expect(try store.listState().order.allEntries == (try Self.tableOrder(store)))
        // A state of another version than the file's is not saved.
        let stale = ListState(version: state.version - 1, sections: state.sections, order: state.order)
        try store.database.execute("UPDATE roster_meta SET value = -1 WHERE key = 'order_saved_version'")
        #expect(try !store.saveOrder(stale))
    }

    @Test func aSavedOrderOfTheWrongLengthIsNotUsed() throws {
        let store = try folder.store()
        try store.seed(count: 2_000, randomSeed: 3)
        try store.database.execute("DELETE FROM saved_order WHERE part > 0")
        let version = try store.dataVersion()
        #expect(try store.orderSaved(at: version))
        try store.database.execute("UPDATE saved_order SET entries = substr(entries, 1, 5000)")
        #expect(try store.listState().order.count == 2_000)
        #expect(try store.savedOrder(version: version, count: 2_000) == nil)
    }

    @Test func anImportSavesTheOrderItCommits() throws {
        let store = try folder.store()
        try store.seed(count: 1_500, randomSeed: 3)
        let job = try SQLiteImport(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")), mode: .append)
        for line in 0..<300 {
            try job.add(ContactFields(firstName: "Zed\(line)", lastName: "Young"), line: line)
        }
        let state = try job.commit()
        #expect(try store.orderSaved(at: state.version))
        #expect(try store.listState().order.allEntries == state.order.allEntries)
        #expect(try Self.tableOrder(store) == state.order.allEntries)
    }
}
