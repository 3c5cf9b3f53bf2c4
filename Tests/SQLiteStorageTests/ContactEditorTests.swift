import Foundation
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Single writes against a brute-force model: after every write, the state the
/// editor hands over must be what sorting the table and counting sections gives.
struct ContactEditorTests {
    /// The list as the table says it is, the slow way.
    private static func bruteForce(_ store: SQLiteContactStore) throws -> (ids: [Int32], sections: [Int]) {
        let all = try store.database.statement("SELECT id, first_name, last_name FROM contacts")
        var rows: [(key: [UInt8], id: Int)] = []
        while try all.step() {
            rows.append(
                (
                    ContactFields(firstName: all.string(at: 1), lastName: all.string(at: 2))
                        .sortKey(in: store.locale).bytes,
                    all.int(at: 0)
                ))
        }
        let stored = try store.database.statement("SELECT sort_key, id FROM contact_order")
        var pairs: [(key: [UInt8], id: Int)] = []
        while try stored.step() { pairs.append((stored.blob(at: 0), stored.int(at: 1))) }
        rows.sort { $0.key == $1.key ? $0.id < $1.id : $0.key.lexicographicallyPrecedes($1.key) }
        var sections = [Int](repeating: 0, count: store.locale.titles.count)
        for row in rows { sections[ContactSortKey(bytes: row.key).section] += 1 }
        #expect(pairs.map(\.id) == rows.map(\.id) && pairs.map(\.key) == rows.map(\.key), "the order table")
        return (rows.map { Int32($0.id) }, sections)
    }

    private static let names = ["anna", "Ängel", "bo", "Zoë", "zed", "émile", "42", "李", "Ann", "ANNA", "Mo"]

    /// Notes of 0 to 3 lines and more.
    static let notes = ["", "one line", "two\nlines", "a\nb\nc\nd", String(repeating: "word ", count: 30)]

    @Test func randomWritesKeepTheOrderSectionsAndVersionOfTheTable() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 3_000, randomSeed: 3)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        var state = try store.listState()
        var random = SeededRandom(seed: 11)
        var prepared: ListState?
        for step in 0..<300 {
            let ids = state.order.allEntries.map { Int($0.id) }
            let name = { Self.names[random.below(Self.names.count)] + (random.below(2) == 0 ? "" : "x") }
            let before = state.version
            let outcome: ContactEdit.Outcome
            switch random.below(5) {
            case 0, 1:
                outcome = try editor.insert(
                    ContactFields(
                        firstName: name(), lastName: random.below(3) == 0 ? "" : name(),
                        notes: Self.notes[random.below(Self.notes.count)]),
                    base: { _ in state }, prepare: { prepared = $0 })
                #expect(outcome.contact.map { ids.contains($0.id) } == false, "a new id")
            case 2:
                let id = ids[random.below(ids.count)]
                let notes = Self.notes[random.below(Self.notes.count)]
                let rename = random.below(2) == 0
                outcome = try editor.update(
                    id: id, base: { _ in state }, prepare: { prepared = $0 },
                    change: {
                        var fields = $0
                        if rename { fields.lastName = name() }
                        fields.notes = notes
                        return fields
                    })
            case 3:
                let id = ids[random.below(ids.count)]
                outcome = try editor.update(
                    id: id, base: { _ in state }, prepare: { prepared = $0 },
                    change: {
                        var fields = $0
                        fields.favorite.toggle()
                        return fields
                    })
                #expect(outcome.contact?.position == state.order.allEntries.firstIndex { $0.id == id })
            default:
                let id = ids[random.below(ids.count)]
                outcome = try editor.delete(id: id, base: { _ in state }, prepare: { prepared = $0 })
                #expect(try store.contact(id: id) == nil)
            }
            state = outcome.state
            #expect(prepared?.version == state.version && state.version == before + 1, "step \(step)")
            let (order, sections) = try Self.bruteForce(store)
            #expect(state.order.allEntries.map(\.id) == order, "order after step \(step)")
            #expect(state.sections.map(\.rows) == sections, "sections after step \(step)")
            #expect(try store.sections() == state.sections, "stored sections after step \(step)")
            // The notes lines (the rows' heights) in memory are those stored.
            #expect(
                try store.listState().order.allEntries.map(\.lines) == state.order.allEntries.map(\.lines))
            if let contact = outcome.contact {
                #expect(Int(state.order[contact.position].lines) == NoteLines.count(contact.fields.notes))
                #expect(Int(state.order[contact.position].id) == contact.id)
                #expect(contact.revision == state.version)
                #expect(try store.contact(id: contact.id) == contact)
            }
        }
        #expect(try store.dataVersion() == state.version)
    }

    @Test func aStaleRevisionOrAMissingContactChangesNothing() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 100, randomSeed: 3)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        let state = try store.listState()
        let id = Int(state.order[10].id)
        let starred = try editor.update(
            id: id, ifRevision: 0, base: { _ in state }, prepare: { _ in },
            change: {
                var fields = $0
                fields.favorite = true
                return fields
            })
        let revision = starred.state.version
        #expect(starred.contact?.revision == revision)
        #expect(throws: ContactsError.staleRevision(id: id, current: revision)) {
            try editor.delete(id: id, ifRevision: 0, base: { _ in starred.state }, prepare: { _ in })
        }
        #expect(throws: ContactsError.contactNotFound(id: 999_999)) {
            try editor.delete(id: 999_999, base: { _ in starred.state }, prepare: { _ in })
        }
        #expect(throws: ContactsError.namelessContact) {
            try editor.update(
                id: id, base: { _ in starred.state }, prepare: { _ in },
                change: { _ in ContactFields()
                })
        }
        #expect(throws: ContactsError.valueTooLong(field: "city", length: 300, limit: 256)) {
            try editor.insert(
                ContactFields(firstName: "A", city: String(repeating: "é", count: 300)),
                base: { _ in starred.state }, prepare: { _ in })
        }
        #expect(try store.dataVersion() == revision, "refused writes leave the version")
        #expect(try store.contact(id: id)?.fields.favorite == true)
        #expect(try store.count() == 100)
    }

    @Test func aStateOfAnotherVersionIsNotTrustedButReadAgain() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 50, randomSeed: 3)
        let stale = try store.listState()
        try store.add([ContactFields(firstName: "Aaron", lastName: "Aardvark")])  // another writer
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        let outcome = try editor.insert(
            ContactFields(firstName: "Zed"), base: { _ in stale }, prepare: { _ in })
        #expect(outcome.state.total == 52)
        #expect(outcome.state.order.allEntries.map(\.id) == (try Self.bruteForce(store)).ids)
    }
}
