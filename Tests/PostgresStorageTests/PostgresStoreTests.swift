import Foundation
import Phones
import PostgresStorage
import PostgresTestSupport
import TestSupport
import Testing

@testable import Contacts

/// The PostgreSQL store on its own: writes refused at a stale revision, reads
/// after a write never from a replica behind it, imports beside single writes,
/// migrations run twice at once, a server out of reach (its agreement with the
/// SQLite store: `StoreParityTests`).
@Suite(.enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
struct PostgresStoreTests {
    static let names = ["anna", "Ängel", "bo", "Zoë", "zed", "émile", "42", "李", "Ann", "ANNA", "Mo"]

    private static func same(_ a: ListState, _ b: ListState) -> Bool {
        a.version == b.version && a.sections == b.sections
            && a.order.allEntries.map { [$0.id, Int32($0.lines)] }
                == b.order.allEntries.map { [$0.id, Int32($0.lines)] }
    }

    @Test func aStaleRevisionIsRefusedAndChangesNothing() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 100, randomSeed: 1)
        let editor = try PostgresEditor(url: postgres.url) { nil }
        let store = try postgres.pinnedStore()
        let state = try store.listState()
        try store.release()
        let written = try editor.update(
            id: 5, ifRevision: 0, base: { _ in state }, prepare: { _ in },
            change: {
                var fields = $0
                fields.city = "Lisboa"
                return fields
            })
        #expect(written.contact?.revision == 2)
        #expect(throws: ContactsError.staleRevision(id: 5, current: 2)) {
            _ = try editor.delete(id: 5, ifRevision: 0, base: { _ in written.state }, prepare: { _ in })
        }
        #expect(throws: ContactsError.contactNotFound(id: 100_000)) {
            _ = try editor.delete(
                id: 100_000, ifRevision: nil, base: { _ in written.state }, prepare: { _ in })
        }
        try store.pin()
        #expect(Self.same(try store.listState(), written.state))
    }

    @Test func aReadAfterAWriteNeverGoesToAReplicaThatHasNotReplayedIt() throws {
        let primary = try TestPostgres()
        // A stand-in replica: a database whose version we set, as replay would.
        let replica = try TestPostgres()
        try PostgresSeeder.seed(url: primary.url, count: 50, randomSeed: 1)
        try PostgresSeeder.seed(url: replica.url, count: 50, randomSeed: 1)
        let setReplica = { (version: Int) in
            try PostgresConnection(url: replica.url).query(
                "UPDATE roster_meta SET value = $1 WHERE key = 'data_version'", [String(version)])
        }
        let store = try PostgresStore(primaryURL: primary.url, replicaURL: replica.url)
        let editor = try PostgresEditor(url: primary.url) { nil }
        try setReplica(1)
        #expect(try store.pin() == 1, "the replica has the seed: read there")
        var state = try primary.pinnedStore().listState()
        for version in 2...4 {
            state = try editor.delete(
                id: Int(state.order[0].id), ifRevision: nil, base: { _ in state }, prepare: { _ in }
            ).state
            try setReplica(version - 1)
            // The read before this one may still be open on the primary: it must not answer for it.
            #expect(try store.pin() == version, "after the write of version \(version)")
            #expect(try store.listState().total == 50 - (version - 1))
        }
        try setReplica(4)
        #expect(try store.pin() == 4)
        try store.release()
    }

    /// `csv` imported by a job into `target`, whose list is in `locale`.
    static func importing(
        _ csv: String, into target: @escaping @Sendable () throws -> any ImportTarget, mode: ImportMode,
        errors: ImportErrorPolicy, locale: ListLocale = .english
    ) -> ImportJob.Outcome {
        let job = ImportJob(
            open: target, mode: mode, errors: errors, locale: locale, region: .unitedStates, onResume: {})
        var bytes = Array(csv.utf8)
        #expect(bytes.withUnsafeMutableBytes { job.feed(UnsafeRawBufferPointer($0)) })
        return job.finish()
    }

    @Test func writesGoInBesideAnImportASecondImportIsBusyAndNULIsRefused() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 10, randomSeed: 1)
        var state = try postgres.pinnedStore().listState()
        let editor = try PostgresEditor(url: postgres.url) { nil }
        let known = ContactFields(firstName: "Zed", lastName: "Known", email: "match@x.test")
        let added = try editor.insert(known, base: { _ in state }, prepare: { _ in })
        state = added.state
        let stored = try #require(added.contact).id
        let importer = try PostgresImporter(url: postgres.url, region: .unitedStates)
        let running = try importer.beginImport(mode: .merge)
        let ann = ContactFields(firstName: "Ann", lastName: "Imported", email: "ann@x.test")
        try running.add(
            ann, key: ann.sortKey(in: .english), document: SearchText.document(ann, region: .unitedStates),
            line: 2)
        // The import holds nothing a write needs (the editor waits at most 200 ms for a lock).
        state = try editor.insert(ContactFields(firstName: "Beside"), base: { _ in state }, prepare: { _ in })
            .state
        state = try editor.update(
            id: stored, ifRevision: nil, base: { _ in state }, prepare: { _ in },
            change: { fields in
                var fields = fields
                fields.city = "Changed Meanwhile"
                return fields
            }
        ).state
        #expect(state.total == 12 && state.version == 4)
        #expect(throws: ContactsError.busy, "a second import, on another connection") {
            _ = try PostgresImporter(url: postgres.url, region: .unitedStates).beginImport(mode: .append)
        }
        #expect(
            throws: ContactsError.invalidContact(
                index: 4, problem: "holds the character U+0000 in notes, which PostgreSQL cannot store")
        ) {
            try running.add(
                ContactFields(firstName: "Nul", notes: "a\u{0}b"),
                key: ContactFields(firstName: "Nul").sortKey(in: .english),
                document: "", line: 4)
        }
        // A row that matches the contact the write just changed merges into it as it is now.
        let match = ContactFields(firstName: "Zed", lastName: "Matched", email: "MATCH@x.test")
        try running.add(
            match, key: match.sortKey(in: .english),
            document: SearchText.document(match, region: .unitedStates), line: 5)
        var held: ListState?
        let shown = try running.commit { _ in held = try postgres.pinnedStore().listState() }
        #expect(shown.total == 13 && shown.version == 5 && running.updated == 1)
        let read = try postgres.pinnedStore().listState()
        #expect(Self.same(shown, read), "the list shown is the list a reader reads after")
        #expect(held?.version == 4, "before the commit, readers saw the list without it")
        let merged = try #require(try postgres.pinnedStore().contact(id: stored, in: read.order))
        #expect(merged.fields.lastName == "Matched" && merged.fields.city == "Changed Meanwhile")
        #expect(throws: ContactsError.unstorable(field: "last_name")) {
            _ = try editor.insert(
                ContactFields(firstName: "A", lastName: "b\u{0}"), base: { _ in read }, prepare: { _ in })
        }
        let written = try editor.insert(
            ContactFields(firstName: "After"), base: { _ in read }, prepare: { _ in })
        #expect(written.state.total == 14 && written.state.version == 6)
    }

    @Test func migratingTwiceAtOnceAppliesEachMigrationOnce() throws {
        let postgres = try TestPostgres()
        let migrator = try PostgresMigrator(directory: TestFolder.migrations + "/postgresql")
        let url = postgres.url
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            #expect(throws: Never.self) { try migrator.migrate(PostgresConnection(url: url)) }
        }
        let applied = try PostgresConnection(url: postgres.url).query(
            "SELECT count(*) FROM schema_migrations"
        ).int(
            0, 0)
        #expect(applied == migrator.migrations.count)
    }

    @Test func aServerThatCannotBeReachedIsUnavailable() throws {
        #expect {
            try PostgresConnection(url: "postgres://postgres@127.0.0.1:1/roster")
        } throws: { error in
            if case ContactsError.unavailable = error { return true }
            return false
        }
    }
}
