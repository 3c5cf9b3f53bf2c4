import Foundation
import Phones
import SQLiteTestSupport
import Synchronization
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// An import that single writes go between (`SQLiteImport`, `WriteSlices`): what
/// readers see while it runs (nothing of it), once it is shown (all of it), and
/// what a cleanup leaves after one that failed, died or replaced the list (nothing).
struct ImportVisibilityTests {
    let folder = TestFolder()
    var path: String { folder.file("roster.sqlite") }

    /// The list, the table, the order table, the export and the search index as a
    /// fresh reader sees them: (listed, rows in `contacts`, in `contact_order`,
    /// exported, documents in the index).
    func seen() throws -> (listed: Int, stored: Int, ordered: Int, exported: Int, indexed: Int) {
        let reader = try SQLiteContactStore(readingFrom: path)
        let state = try reader.listState()
        #expect(state.total == state.sections.map(\.rows).reduce(0, +), "sections count what the order holds")
        let scan = try SQLiteContactStore.scan(readingFrom: path)
        var exported = 0
        while case let batch = try scan.next(limit: 1000), !batch.isEmpty { exported += batch.count }
        let count = { (table: String) in try reader.database.integer("SELECT count(*) FROM \(table)") ?? -1 }
        return (
            state.total, try count("contacts"), try count("contact_order"), exported,
            try reader.searchDocuments()
        )
    }

    /// The contacts a search for `word` lists, as a window would (matches kept to the list).
    func listed(_ word: String) throws -> Int {
        let reader = try SQLiteContactStore(readingFrom: path)
        return try reader.listState().filtered(keeping: reader.matches([word])).total
    }

    /// What the search index itself holds for `word`, listed or not.
    func indexed(_ word: String) throws -> Int {
        try SQLiteContactStore(readingFrom: path).matches([word]).count
    }

    static func row(_ index: Int) -> ContactFields {
        ContactFields(firstName: "Quill\(index)", lastName: "Importer", email: "quill\(index)@x.example")
    }

    func add(_ count: Int, to batch: any ImportWriting, from first: Int = 0) throws {
        for index in first..<(first + count) {
            let fields = Self.row(index)
            try batch.add(
                fields, key: fields.sortKey(in: .english),
                document: SearchText.document(fields, region: .unitedStates),
                line: index + 2)
        }
    }

    @Test func writesGoOnWhileAnImportRunsAndNothingOfTheImportShowsUntilItsEnd() throws {
        let store = try folder.store()
        try store.seed(count: 100, randomSeed: 1)
        let importer = try SQLiteContactStore(writingTo: path)
        let batch = try SQLiteImport(store: importer, mode: .append)
        try add(500, to: batch)
        // A single write on its own thread while the import holds the lock: the import
        // lets it in after the row it is on, long before the editor's 200 ms are up.
        let written = Mutex<String?>(nil)
        let path = self.path
        let writer = Thread {
            let outcome: String
            do {
                let editor = SQLiteContactEditor(store: try SQLiteContactStore(writingTo: path))
                let added = try editor.insert(
                    ContactFields(firstName: "Between"), base: { _ in nil }, prepare: { _ in })
                outcome = "\(added.contact!.id)"
            } catch {
                outcome = "\(error)"
            }
            written.withLock { $0 = outcome }
        }
        writer.start()
        var more = 500
        while written.withLock({ $0 == nil }) && more < 100_000 {
            try add(1, to: batch, from: more)
            more += 1
        }
        let outcome = written.withLock { $0 } ?? "nothing"
        let between = try #require(Int(outcome), "the write went in, not: \(outcome)")
        // 1,000 rows in all, or as many as went in before the write did (a loaded machine
        // starts its thread late).
        let total = max(1000, more)
        try add(total - more, to: batch, from: more)
        try batch.slices.commit()  // what it wrote so far is committed; this thread reads now
        let during = try seen()
        #expect(during.stored == 101 && during.listed == 101, "the import's contacts are nowhere yet")
        // Just before it shows them, its contacts are all in the file, and hidden.
        var before: (listed: Int, stored: Int, ordered: Int, exported: Int, indexed: Int)?
        var found: Contact?
        let state = try batch.commit { _ in
            before = try seen()
            let reader = try SQLiteContactStore(readingFrom: path)
            found = try reader.contact(id: between + 1, in: reader.listState().order)
            #expect(try listed("quill") == 0, "a search lists none of them")
        }
        let all = 101 + total
        #expect(before.map { $0 == (101, all, all, 101, all) } == true, "\(String(describing: before))")
        #expect(found == nil, "one of them by id")
        let after = try seen()
        #expect(state.total == all && after == (all, all, all, all, all))
        #expect(ChangeLogTests.same(state, try SQLiteContactStore(readingFrom: path).listState()))
        #expect(try listed("quill") == total)
        #expect(try importer.database.integer("SELECT count(*) FROM import_ranges") == 0)
        let ids = state.order.allEntries.map { Int($0.id) }
        #expect(ids.contains(between) && Set(ids).count == ids.count, "one id each")
    }

    @Test(arguments: [ImportMode.append, .merge, .replace])
    func writesRacingAnImportEndWithTheListAFreshReadGives(mode: ImportMode) throws {
        let store = try folder.store()
        try store.seed(count: 2000, randomSeed: 6)
        let done = Mutex(false)
        let failures = Mutex<[String]>([])
        let path = self.path
        let writer = Thread {
            do {
                let editor = SQLiteContactEditor(
                    store: try SQLiteContactStore(writingTo: path), busyTimeout: 5000)
                var state: ListState?
                var step = 0
                while !done.withLock({ $0 }) {
                    let ids = try (state ?? SQLiteContactStore(readingFrom: path).listState()).order
                        .allEntries.map {
                            Int($0.id)
                        }
                    let next: ContactEdit.Outcome
                    if step % 3 == 0 || ids.isEmpty {
                        next = try editor.insert(
                            ContactFields(firstName: "Racer\(step)"), base: { _ in state }, prepare: { _ in })
                    } else {
                        next = try editor.update(
                            id: ids[step * 7919 % ids.count], base: { _ in state }, prepare: { _ in },
                            change: { fields in
                                var fields = fields
                                fields.lastName = "Moved\(step % 5)"
                                return fields
                            })
                    }
                    state = next.state
                    step += 1
                }
            } catch ContactsError.contactNotFound {
                // a replace took it out of the list: fine
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        writer.start()
        let importer = try SQLiteContactStore(writingTo: path)
        let batch = try importer.beginImport(mode: mode)
        try add(20_000, to: batch)
        // The list it shows, against the list its own transaction holds just before it commits.
        var held: ListState?
        let state = try batch.commit { _ in held = try importer.listState() }
        done.withLock { $0 = true }
        while writer.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(held.map { ChangeLogTests.same(state, $0) && $0.version == state.version } == true)
        #expect(try listed("quill") == 20_000)
    }

    @Test func whatAFailedImportWroteIsInvisibleAndACleanupRemovesIt() throws {
        let store = try folder.store()
        try store.seed(count: 50, randomSeed: 2)
        let before = try seen()
        let importer = try SQLiteContactStore(writingTo: path)
        let batch = try SQLiteImport(store: importer, mode: .append)
        try add(3000, to: batch)
        // Failed in its last step, its contacts moved into `contacts` already.
        #expect(throws: ContactsError.importCancelled) {
            try batch.commit { _ in throw ContactsError.importCancelled }
        }
        let failed = try seen()
        #expect(failed.listed == 50 && failed.exported == 50)
        #expect(
            failed.stored == 3050 && failed.ordered == 3050 && failed.indexed == 3050, "written, and hidden")
        #expect(try listed("quill") == 0)
        let hidden = try #require(try store.database.integer("SELECT first_id FROM import_ranges"))
        #expect(throws: ContactsError.contactNotFound(id: hidden)) {
            try SQLiteContactEditor(store: importer).delete(id: hidden, base: { _ in nil }, prepare: { _ in })
        }
        // At start, the contacts go at once; their texts, from the staging file, after.
        #expect(try store.removeInterruptedImports() == 3000)
        let started = try seen()
        #expect(started.stored == 50 && started.ordered == 50 && started.indexed == 3050)
        #expect(try store.collectImportLeftovers() == 0, "no contact left, but the texts")
        #expect(try seen() == before)
        #expect(try indexed("quill") == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.contains("-import-")
            }
            .isEmpty, "the staging file is gone")
        #expect(try store.database.integer("SELECT count(*) FROM import_ranges") == 0)
        // The ids it had are not given again.
        let next = try SQLiteContactEditor(store: importer).insert(
            ContactFields(firstName: "Next"), base: { _ in nil }, prepare: { _ in })
        #expect(next.contact!.id > 3050)
    }

    @Test func aRunningImportIsLeftAloneByACleanupAndAGoneProcessIsNot() throws {
        let store = try folder.store()
        let batch = try SQLiteImport(store: store, mode: .append)
        try add(10, to: batch)
        try batch.slices.commit()
        try batch.moveContacts()
        #expect(
            try SQLiteContactStore(writingTo: path).collectImportLeftovers() == 0, "it runs: nothing to clean"
        )
        batch.rollback()
        #expect(try store.collectImportLeftovers() == 10)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        #expect(SQLiteContactStore.isGone(owner: 7, pid: Int(gone.processIdentifier)))
        #expect(!SQLiteContactStore.isGone(owner: 7, pid: 1), "a process that exists (not this one)")
        #expect(SQLiteContactStore.isGone(owner: 0, pid: 0), "a replaced list is always to delete")
    }

    @Test func aReplaceShowsOnlyTheFileAtOnceAndItsCleanupDeletesTheOldList() throws {
        let store = try folder.store()
        try store.seed(count: 300, randomSeed: 3)
        let batch = try SQLiteContactStore(writingTo: path).beginImport(mode: .replace)
        try add(40, to: batch)
        #expect(try seen().listed == 300, "the old list until the end")
        let state = try batch.commit { _ in }
        #expect(state.total == 40)
        let replaced = try seen()
        #expect(replaced.listed == 40 && replaced.exported == 40 && replaced.ordered == 340)
        #expect(try listed("quill") == 40)
        #expect(try store.collectImportLeftovers() == 300)
        let cleaned = try seen()
        #expect(
            cleaned.listed == 40 && cleaned.stored == 40 && cleaned.ordered == 40 && cleaned.indexed == 40)
    }

    @Test func aMergeMeetsTheStoredContactAsAWriteLeftItDuringTheImport() throws {
        let store = try folder.store()
        let ann = ContactFields(firstName: "Ann", lastName: "Lee", email: "ann@x.example", city: "Oslo")
        let id = try store.add([ann])[0]
        let batch = try SQLiteContactStore(writingTo: path).beginImport(mode: .merge)
        let incoming = ContactFields(
            firstName: "Ann", lastName: "Lee", email: "ANN@x.example", city: "Bergen")
        try batch.add(
            incoming, key: incoming.sortKey(in: .english),
            document: SearchText.document(incoming, region: .unitedStates),
            line: 2)
        try add(1, to: batch)
        // A write while it reads the file (its slice committed first: this thread writes).
        try (batch as? SQLiteImport)?.slices.commit()
        let editor = SQLiteContactEditor(store: try SQLiteContactStore(writingTo: path))
        _ = try editor.update(
            id: id, base: { _ in nil }, prepare: { _ in },
            change: { fields in
                var fields = fields
                fields.phone = "+47 22 00 00 00"
                fields.city = "Tromsø"
                return fields
            })
        let state = try batch.commit { _ in }
        #expect(state.total == 2 && batch.updated == 1 && batch.staged == 1)
        let now = try #require(try SQLiteContactStore(readingFrom: path).contact(id: id, in: state.order))
        #expect(
            now.fields.city == "Bergen" && now.fields.phone == "+47 22 00 00 00",
            "the file's city, the write's phone")
        #expect(try listed("bergen") == 1)
        #expect(try listed("tromsø") == 0)
    }
}
