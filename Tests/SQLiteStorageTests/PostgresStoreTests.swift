import Foundation
import PostgresStorage
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// A PostgreSQL database of its own for one test, on the server that
/// `ROSTER_TEST_POSTGRES` names (scripts/test starts one), dropped on deinit.
final class TestPostgres {
    /// The server to make databases on (`postgres://user@host:port/db`), when there is one.
    static let server = ProcessInfo.processInfo.environment["ROSTER_TEST_POSTGRES"]
    let url: String
    private let name: String

    init() throws {
        let server = try #require(Self.server)
        name = "roster_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: server).execute("CREATE DATABASE \(name)")
        url =
            server.prefix { $0 != "?" }.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/") + "/" + name
        try PostgresMigrator(directory: TemporaryDirectory.migrations + "/postgresql").migrate(
            PostgresConnection(url: url))
    }

    deinit {
        if let server = Self.server {
            try? PostgresConnection(url: server).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    /// A reading store on this database, pinned.
    func pinnedStore() throws -> PostgresStore {
        let store = try PostgresStore(primaryURL: url)
        try store.pin()
        return store
    }
}

/// The PostgreSQL store against the SQLite one: seeded alike, written alike, they
/// must hold the same list, the same contacts and find the same searches; a server
/// following another's writes through the change log must reach the list a full
/// read gives.
@Suite(.enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
struct PostgresStoreTests {
    static let names = ["anna", "Ängel", "bo", "Zoë", "zed", "émile", "42", "李", "Ann", "ANNA", "Mo"]

    private static func same(_ a: ListState, _ b: ListState) -> Bool {
        a.version == b.version && a.sections == b.sections
            && a.order.allEntries.map { [$0.id, Int32($0.lines)] }
                == b.order.allEntries.map { [$0.id, Int32($0.lines)] }
    }

    @Test func aSeedGivesTheSameListContactsAndSearchesAsSQLite() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 5_000, randomSeed: 7)
        let folder = TemporaryDirectory()
        let lite = try folder.store()
        try lite.seed(count: 5_000, randomSeed: 7)
        let store = try postgres.pinnedStore()
        let state = try store.listState()
        #expect(Self.same(state, try lite.listState()))
        for first in [0, 1_234, 4_990] {
            let entries = state.order.entries(in: first..<min(first + 20, 5_000))
            let rows = try store.rows(over: entries, firstRow: first)
            let cursor = try lite.cursor(over: entries, firstRow: first)
            for row in first..<(first + entries.count) {
                #expect(try rows.move(to: row) && cursor.move(to: row))
                #expect(rows.id == cursor.id)
                // A window's rows carry every field but the details document, which windows never show.
                for field in ContactField.allCases where !field.spec.isDocument {
                    switch field.kind {
                    case .text:
                        #expect(
                            Array(rows.bytes(field)) == Array(cursor.bytes(field)), "\(field) of row \(row)")
                    case .boolean: #expect(rows.bool(field) == cursor.bool(field), "\(field) of row \(row)")
                    }
                }
            }
        }
        for id in [1, 77, 4_999] {
            #expect(try store.contact(id: id, in: state.order) == lite.contact(id: id, in: state.order))
        }
        for words in [["ma"], ["m"], ["berlin"], ["555"], ["an", "ber"], ["zzqx"], ["example", "org"]] {
            #expect(Array(try store.matches(words, ids: nil)) == Array(try lite.matches(words)), "\(words)")
        }
        for prefix in ["a", "Mar", "mü", "smi", "zz~", "#"] {
            let row = try store.row(startingWith: prefix, in: state.order)
            #expect(row == (try lite.row(startingWith: prefix, in: state.order)), "\(prefix)")
            #expect(row > 0 || prefix == "a")
        }
        let url = postgres.url
        #expect(throws: ContactsError.notEmpty(path: url, contacts: 5_000)) {
            try PostgresSeeder.seed(url: url, count: 10, randomSeed: 1)
        }
    }

    @Test func randomWritesLeaveTheSameListOnBothStoresAndAFollowerCatchesUp() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 1_000, randomSeed: 3)
        let folder = TemporaryDirectory()
        try folder.store().seed(count: 1_000, randomSeed: 3)
        let liteEditor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        let reader = try postgres.pinnedStore()
        let start = try reader.listState()
        try reader.release()
        var pgState = start
        var liteState = start
        // A follower that has seen nothing since the seed: it follows in batches.
        var followed = start
        let pgEditor = try PostgresEditor(url: postgres.url) { nil }
        var random = SeededRandom(seed: 5)
        for step in 0..<200 {
            let ids = pgState.order.allEntries.map { Int($0.id) }
            let name = { Self.names[random.below(Self.names.count)] + (random.below(2) == 0 ? "" : "x") }
            let notes = ContactEditorTests.notes[random.below(ContactEditorTests.notes.count)]
            let pg: ContactEdit.Outcome
            let lite: ContactEdit.Outcome
            switch random.below(5) {
            case 0, 1:
                let fields = ContactFields(
                    firstName: name(), lastName: random.below(3) == 0 ? "" : name(), notes: notes)
                pg = try pgEditor.insert(fields, base: { _ in pgState }, prepare: { _ in })
                lite = try liteEditor.insert(fields, base: { _ in liteState }, prepare: { _ in })
            case 2, 3:
                let id = ids[random.below(ids.count)]
                let rename = random.below(2) == 0
                let first = name()
                let change = { (old: ContactFields) -> ContactFields in
                    var fields = old
                    if rename { fields.firstName = first }
                    fields.notes = notes
                    return fields
                }
                pg = try pgEditor.update(
                    id: id, ifRevision: nil, base: { _ in pgState }, prepare: { _ in }, change: change)
                lite = try liteEditor.update(
                    id: id, base: { _ in liteState }, prepare: { _ in }, change: change)
            default:
                let id = ids[random.below(ids.count)]
                pg = try pgEditor.delete(id: id, ifRevision: nil, base: { _ in pgState }, prepare: { _ in })
                lite = try liteEditor.delete(id: id, base: { _ in liteState }, prepare: { _ in })
            }
            #expect(pg.contact == lite.contact, "step \(step)")
            #expect(Self.same(pg.state, lite.state), "step \(step)")
            (pgState, liteState) = (pg.state, lite.state)
            if random.below(20) == 0 || step == 199 {
                try reader.pin()
                let states = try #require(try reader.states(after: followed))
                #expect(states.map(\.version) == Array((followed.version + 1)...pgState.version))
                followed = try #require(states.last)
                #expect(Self.same(followed, try reader.listState()), "followed to step \(step)")
                #expect(Self.same(followed, pgState))
                try reader.release()
            }
        }
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

    /// `csv` imported by a job into `target`.
    static func importing(
        _ csv: String, into target: @escaping @Sendable () throws -> any ImportTarget, mode: ImportMode,
        errors: ImportErrorPolicy
    ) -> ImportJob.Outcome {
        let job = ImportJob(open: target, mode: mode, errors: errors, onResume: {})
        var bytes = Array(csv.utf8)
        #expect(bytes.withUnsafeMutableBytes { job.feed(UnsafeRawBufferPointer($0)) })
        return job.finish()
    }

    /// Every contact as an export reads them.
    private static func exported(_ scan: any ContactScanning) throws -> [ContactFields] {
        var all: [ContactFields] = []
        while case let batch = try scan.next(limit: 7), !batch.isEmpty { all += batch }
        scan.close()
        return all
    }

    @Test(arguments: [ImportMode.append, .replace, .merge], [ImportErrorPolicy.abort, .skip])
    func importsAndExportsGiveTheSameAsSQLite(mode: ImportMode, errors: ImportErrorPolicy) throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 300, randomSeed: 2)
        let folder = TemporaryDirectory()
        try folder.store().seed(count: 300, randomSeed: 2)
        let path = folder.file("roster.sqlite")
        let url = postgres.url
        var random = SeededRandom(seed: 9)
        for round in 0..<3 {
            var csv = "first_name,last_name,email,notes,favorite\n"
            for line in 0..<(20 + random.below(40)) {
                let first = random.below(12) == 0 ? "" : Self.names[random.below(Self.names.count)]
                let last = random.below(3) == 0 ? "" : Self.names[random.below(Self.names.count)] + "\(line)"
                let notes = ["", "\"two\nlines\"", "back\\slash\ttab", "\"\"\"quoted\"\"\""][random.below(4)]
                csv += "\(first),\(last),m\(line)@x.test,\(notes),\(random.below(2) == 0 ? "yes" : "")\n"
            }
            let pg = Self.importing(csv, into: { try PostgresImporter(url: url) }, mode: mode, errors: errors)
            let lite = Self.importing(
                csv, into: { try SQLiteContactStore(writingTo: path) }, mode: mode, errors: errors)
            var (pgSummary, liteSummary) = (try pg.get(), try lite.get())
            (pgSummary.seconds, liteSummary.seconds) = (0, 0)
            #expect(pgSummary == liteSummary, "round \(round)")
            let store = try postgres.pinnedStore()
            #expect(
                Self.same(try store.listState(), try SQLiteContactStore(readingFrom: path).listState()),
                "round \(round)")
            #expect(
                try Self.exported(PostgresScan(url: url))
                    == Self.exported(SQLiteContactStore.scan(readingFrom: path)))
        }
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
        let importer = try PostgresImporter(url: postgres.url)
        let running = try importer.beginImport(mode: .merge)
        let ann = ContactFields(firstName: "Ann", lastName: "Imported", email: "ann@x.test")
        try running.add(ann, key: ann.sortKey, document: SearchText.document(ann), line: 2)
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
            _ = try PostgresImporter(url: postgres.url).beginImport(mode: .append)
        }
        #expect(
            throws: ContactsError.invalidContact(
                index: 4, problem: "holds the character U+0000 in notes, which PostgreSQL cannot store")
        ) {
            try running.add(
                ContactFields(firstName: "Nul", notes: "a\u{0}b"),
                key: ContactFields(firstName: "Nul").sortKey,
                document: "", line: 4)
        }
        // A row that matches the contact the write just changed merges into it as it is now.
        let match = ContactFields(firstName: "Zed", lastName: "Matched", email: "MATCH@x.test")
        try running.add(match, key: match.sortKey, document: SearchText.document(match), line: 5)
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
        let migrator = try PostgresMigrator(directory: TemporaryDirectory.migrations + "/postgresql")
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
