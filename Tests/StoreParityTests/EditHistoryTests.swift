import Foundation
import PostgresStorage
import PostgresTestSupport
import SQLiteTestSupport
import Synchronization
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// A contact's history and its undo, on both stores alike
/// (docs/api.md, "Merging an older revision's write"; docs/api.md, "Undo"): a merge reads the
/// fields of the revision a writer read, the history keeps the last 10, a delete can be restored
/// for 10 minutes with the same id, fields and star, and later writes purge it.
struct EditHistoryTests {
    /// A clock a test moves.
    final class TestClock: Sendable {
        let now = Atomic<Int>(1_900_000_000)
        var clock: ContactEdit.Clock { { [self] in now.load(ordering: .relaxed) } }
        func advance(_ seconds: Int) { now.add(seconds, ordering: .relaxed) }
    }

    /// One store under test: its editor, the list as it reads now, and a count of rows.
    struct Rig {
        let editor: any ContactEditing
        let listState: () throws -> ListState
        let count: (_ sql: String) throws -> Int
    }

    @Test func onSQLite() throws {
        let folder = TestFolder()
        try folder.store().seed(count: 200, randomSeed: 3)
        let clock = TestClock()
        let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        let reader = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        try Self.run(
            Rig(
                editor: SQLiteContactEditor(store: writer, clock: clock.clock),
                listState: { try reader.listState() },
                count: { try reader.database.integer($0) ?? -1 }), clock)
    }

    @Test(
        .enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
    func onPostgreSQL() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 200, randomSeed: 3)
        let clock = TestClock()
        let store = try PostgresStore(primaryURL: postgres.url)
        let connection = try PostgresConnection(url: postgres.url)
        try Self.run(
            Rig(
                editor: try PostgresEditor(url: postgres.url, clock: clock.clock) { nil },
                listState: {
                    try store.pin()
                    defer { try? store.release() }
                    return try store.listState()
                },
                count: { try connection.query($0).int(0, 0) }), clock)
    }

    private static func city(_ city: String) -> (ContactFields) -> ContactFields {
        { fields in
            var changed = fields
            changed.city = city
            return changed
        }
    }

    private static func run(_ rig: Rig, _ clock: TestClock) throws {
        let editor = rig.editor
        var state = try rig.listState()
        func step(_ outcome: ContactEdit.Outcome) -> ContactEdit.Outcome {
            state = outcome.state
            return outcome
        }
        let original = try #require(
            try editor.update(id: 5, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: { $0 })
                .contact)
        let lisboa = step(
            try editor.update(
                id: 5, ifRevision: original.revision, base: { _ in state }, prepare: { _ in },
                change: city("Lisboa")))
        let revision = try #require(lisboa.contact?.revision)

        // A merge from the revision read gets the fields then and the contact now.
        var seen: (ContactFields, Contact)?
        let merged = step(
            try editor.merge(id: 5, since: original.revision, base: { _ in state }, prepare: { _ in }) {
                then, now in
                seen = (then, now)
                var fields = now.fields
                fields.company = "Merged Ltd"
                return fields
            })
        #expect(seen?.0 == original.fields && seen?.1.fields.city == "Lisboa" && seen?.1.revision == revision)
        #expect(merged.contact?.fields.city == "Lisboa" && merged.contact?.fields.company == "Merged Ltd")
        #expect(throws: ContactsError.staleRevision(id: 5, current: merged.contact!.revision)) {
            _ = try editor.merge(
                id: 5, since: 999_999, base: { _ in state }, prepare: { _ in }, change: { $1.fields })
        }

        // The history keeps the last 10 revisions: the oldest are past merging.
        for n in 0..<12 {
            _ = step(
                try editor.update(
                    id: 5, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: city("C\(n)")))
        }
        #expect(
            try rig.count("SELECT count(*) FROM contact_revisions WHERE id = 5") == ContactEdit.keptRevisions)
        let now = try #require(state.order.allEntries.first { $0.id == 5 }).revision
        #expect(throws: ContactsError.staleRevision(id: 5, current: Int(now))) {
            _ = try editor.merge(
                id: 5, since: revision, base: { _ in state }, prepare: { _ in }, change: { $1.fields })
        }

        // A deleted contact comes back with its id, fields, star and row.
        let starred = try #require(
            step(
                try editor.update(id: 7, ifRevision: nil, base: { _ in state }, prepare: { _ in }) { fields in
                    var changed = fields
                    changed.favorite = true
                    changed.details = #"{"nickname":"Sev"}"#
                    return changed
                }
            ).contact)
        let before = state.order.allEntries.map(\.id)
        _ = step(
            try editor.delete(id: 7, ifRevision: starred.revision, base: { _ in state }, prepare: { _ in }))
        #expect(!state.order.allEntries.contains { $0.id == 7 })
        clock.advance(ContactEdit.undoSeconds - 1)
        let back = try #require(
            step(try editor.restore(id: 7, base: { _ in state }, prepare: { _ in })).contact)
        #expect(back.id == 7 && back.fields == starred.fields && back.position == starred.position)
        #expect(back.revision > starred.revision)
        #expect(state.order.allEntries.map(\.id) == before)
        #expect(try rig.listState().order.allEntries.map(\.id) == before, "as the store reads it")
        #expect(throws: ContactsError.contactExists(id: 7)) {
            _ = try editor.restore(id: 7, base: { _ in state }, prepare: { _ in })
        }
        #expect(throws: ContactsError.contactNotFound(id: 100_000)) {
            _ = try editor.restore(id: 100_000, base: { _ in state }, prepare: { _ in })
        }

        // Past 10 minutes it is gone, and the next write purges it and its history.
        _ = step(
            try editor.update(
                id: 8, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: city("X")))
        _ = step(try editor.delete(id: 8, ifRevision: nil, base: { _ in state }, prepare: { _ in }))
        #expect(try rig.count("SELECT count(*) FROM deleted_contacts WHERE id = 8") == 1)
        clock.advance(ContactEdit.undoSeconds + 1)
        #expect(throws: ContactsError.contactNotFound(id: 8)) {
            _ = try editor.restore(id: 8, base: { _ in state }, prepare: { _ in })
        }
        _ = step(
            try editor.update(
                id: 9, ifRevision: nil, base: { _ in state }, prepare: { _ in }, change: city("Y")))
        #expect(try rig.count("SELECT count(*) FROM deleted_contacts") == 0)
        #expect(try rig.count("SELECT count(*) FROM contact_revisions WHERE id = 8") == 0)
        #expect(
            try rig.count("SELECT count(*) FROM contact_revisions WHERE id = 7") > 0,
            "a restored one keeps its")
    }
}
