import Foundation
import PostgresStorage
import PostgresTestSupport
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Bulk writes on both stores alike (docs/api.md, "Bulk actions"): one data version for
/// all the contacts named, the list the write hands on equal to the list the store reads
/// after it, deletes kept as tombstones that `.restore` brings back at their rows, and
/// the ids added after a version left out.
struct BulkEditTests {
    @Test func onSQLite() throws {
        let folder = TestFolder()
        try folder.store().seed(count: 300, randomSeed: 5)
        let clock = EditHistoryTests.TestClock()
        let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        let reader = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        try Self.run(
            EditHistoryTests.Rig(
                editor: SQLiteContactEditor(store: writer, clock: clock.clock),
                listState: { try reader.listState() },
                count: { try reader.database.integer($0) ?? -1 }), clock)
    }

    @Test(
        .enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
    func onPostgreSQL() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 300, randomSeed: 5)
        let clock = EditHistoryTests.TestClock()
        let store = try PostgresStore(primaryURL: postgres.url)
        let connection = try PostgresConnection(url: postgres.url)
        try Self.run(
            EditHistoryTests.Rig(
                editor: try PostgresEditor(url: postgres.url, clock: clock.clock) { nil },
                listState: {
                    try store.pin()
                    defer { try? store.release() }
                    return try store.listState()
                },
                count: { try connection.query($0).int(0, 0) }), clock)
    }

    private static func run(_ rig: EditHistoryTests.Rig, _ clock: EditHistoryTests.TestClock) throws {
        let editor = rig.editor
        var state = try rig.listState()
        /// The list the write handed on is the one the store reads, and of one more version.
        func bulk(_ change: BulkChange, _ ids: [Int], addedAfter: Int? = nil) throws -> [Int] {
            let before = state.version
            var prepared: ListState?
            let outcome = try editor.bulk(
                change, ids: ids, addedAfter: addedAfter, base: { _ in state }, prepare: { prepared = $0 })
            state = outcome.state
            #expect(state.version == before + 1 && prepared?.version == state.version, "one version")
            let read = try rig.listState()
            #expect(read.version == state.version)
            #expect(read.order.allEntries.map(\.id) == state.order.allEntries.map(\.id))
            #expect(read.order.allEntries.map(\.lines) == state.order.allEntries.map(\.lines))
            #expect(read.sections.map(\.rows) == state.sections.map(\.rows))
            return outcome.changed
        }
        let rows = state.order.allEntries.map { Int($0.id) }

        // Stars: only the contacts it changes count; an unknown id is skipped.
        let starred = try rig.count("SELECT count(*) FROM contacts WHERE favorite")
        _ = try bulk(.favorite(false), [rows[1], rows[2], rows[3]])
        #expect(
            try bulk(.favorite(true), [rows[1], rows[2], rows[3], 999_999]) == [rows[1], rows[2], rows[3]])
        #expect(try bulk(.favorite(true), [rows[1]]).isEmpty)
        #expect(try rig.count("SELECT count(*) FROM contacts WHERE favorite") >= starred)

        // Labels, given after the others and taken in any case; a change keeps its revision's history.
        let revisions = try rig.count("SELECT count(*) FROM contact_revisions")
        #expect(try bulk(.addLabel("Bulk"), Array(rows[10..<40])).count == 30)
        #expect(try rig.count("SELECT count(*) FROM contacts WHERE labels LIKE '%Bulk%'") == 30)
        #expect(try rig.count("SELECT count(*) FROM contact_revisions") == revisions + 30)
        #expect(try bulk(.removeLabel("BULK"), Array(rows[10..<20])).count == 10)
        #expect(try rig.count("SELECT count(*) FROM contacts WHERE labels LIKE '%Bulk%'") == 20)

        // A delete of rows 100...149 takes them out in one version; row 100 is the former 150.
        let deleted = Array(rows[100..<150])
        #expect(try bulk(.delete, deleted) == deleted)
        #expect(state.order.allEntries.map { Int($0.id) } == Array(rows[..<100] + rows[150...]))
        #expect(try rig.count("SELECT count(*) FROM deleted_contacts") == 50)
        // ... and a restore brings every one back with its id, at its row.
        clock.advance(ContactEdit.undoSeconds - 1)
        #expect(try bulk(.restore, deleted.reversed()).count == 50)
        #expect(state.order.allEntries.map { Int($0.id) } == rows)
        #expect(try bulk(.restore, deleted).isEmpty, "in the list: nothing to restore")

        // Contacts added after a version are left out of a bulk write of that version.
        let version = state.version
        let added = try editor.insert(
            ContactFields(firstName: "Late", lastName: "Comer"), base: { _ in state }, prepare: { _ in })
        state = added.state
        let newcomer = try #require(added.contact?.id)
        #expect(try bulk(.addLabel("Seen"), [rows[0], newcomer], addedAfter: version) == [rows[0]])
        #expect(try bulk(.addLabel("Seen"), [rows[0], newcomer], addedAfter: state.version) == [newcomer])
    }
}
