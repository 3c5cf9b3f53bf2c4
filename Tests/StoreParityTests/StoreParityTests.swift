import Foundation
import Phones
import PostgresStorage
import PostgresTestSupport
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The PostgreSQL store against the SQLite one: seeded alike, written alike, they
/// must hold the same list, the same contacts, labels and favourites and find the
/// same searches, and imports and exports must give the same; a server following
/// another's writes through the change log must reach the list a full read gives.
@Suite(.enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
struct StoreParityTests {
    /// Notes of no, one and several lines, and one long line that wraps.
    static let notes = ["", "one line", "two\nlines", "a\nb\nc\nd", String(repeating: "word ", count: 30)]
    static let names = ["anna", "Ängel", "bo", "Zoë", "zed", "émile", "42", "李", "Ann", "ANNA", "Mo"]

    private static func same(_ a: ListState, _ b: ListState) -> Bool {
        a.version == b.version && a.sections == b.sections
            && a.order.allEntries.map { [$0.id, Int32($0.lines)] }
                == b.order.allEntries.map { [$0.id, Int32($0.lines)] }
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

    /// The label ids, favourites and counts `source` sees now.
    private static func figures(_ source: any ContactSource) throws -> [String] {
        try source.pin()
        defer { try? source.release() }
        let sets = try ["work", "WORK ", "chess", "nobody"].map {
            Array(try source.labelled($0)).map(String.init)
        }
        return sets.map { $0.joined(separator: ",") } + [
            Array(try source.favorites()).map(String.init).joined(separator: ",")
        ]
            + (try source.labelCounts()).map { "\($0.name)=\($0.count)" }
    }

    @Test func theSameWritesGiveTheSameLabelsFavouritesAndCountsOnBothStores() throws {
        let postgres = try TestPostgres()
        let folder = TestFolder()
        let lite = try folder.store()
        let liteEditor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        let pgEditor = try PostgresEditor(url: postgres.url) { nil }
        let reader = try postgres.pinnedStore()
        var pgState = try reader.listState()
        try reader.release()
        var liteState = try lite.listState()
        let people = [
            ContactFields(firstName: "Ada", favorite: true, labels: "Work\nChess"),
            ContactFields(firstName: "Bob", labels: "work"), ContactFields(firstName: "Cyd", favorite: true),
            ContactFields(firstName: "Dee", labels: "Golf"),
        ]
        for fields in people {
            pgState = try pgEditor.insert(fields, base: { _ in pgState }, prepare: { _ in }).state
            liteState = try liteEditor.insert(fields, base: { _ in liteState }, prepare: { _ in }).state
        }
        let relabel: (ContactFields) -> ContactFields = {
            var fields = $0
            fields.labels = "Chess"
            fields.favorite = true
            return fields
        }
        let bob = Int(liteState.order.allEntries[1].id)
        pgState = try pgEditor.update(
            id: bob, ifRevision: nil, base: { _ in pgState }, prepare: { _ in }, change: relabel
        ).state
        liteState = try liteEditor.update(
            id: bob, base: { _ in liteState }, prepare: { _ in }, change: relabel
        ).state
        pgState = try pgEditor.delete(id: 1, ifRevision: nil, base: { _ in pgState }, prepare: { _ in }).state
        liteState = try liteEditor.delete(id: 1, ifRevision: nil, base: { _ in liteState }, prepare: { _ in })
            .state
        let deleted = try Self.figures(lite)
        #expect(deleted == ["", "", "2", "", "2,3", "Chess=1", "Golf=1"])
        #expect(try Self.figures(postgres.pinnedStore()) == deleted)
        let restored = try pgEditor.restore(id: 1, base: { _ in pgState }, prepare: { _ in })
        #expect(restored.contact?.fields.labels == "Work\nChess")
        _ = try liteEditor.restore(id: 1, base: { _ in liteState }, prepare: { _ in })
        let back = try Self.figures(lite)
        #expect(back == ["1", "1", "1,2", "", "1,2,3", "Chess=2", "Golf=1", "Work=1"])
        let pgBack = try Self.figures(postgres.pinnedStore())
        #expect(pgBack == back, "\(pgBack)")
    }

    @Test func aSeedGivesTheSameListContactsAndSearchesAsSQLite() throws {
        let postgres = try TestPostgres()
        try PostgresSeeder.seed(url: postgres.url, count: 5_000, randomSeed: 7)
        let folder = TestFolder()
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
        let folder = TestFolder()
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
            let notes = Self.notes[random.below(Self.notes.count)]
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
        let folder = TestFolder()
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
            let pg = Self.importing(
                csv, into: { try PostgresImporter(url: url, region: .unitedStates) }, mode: mode,
                errors: errors)
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
}
