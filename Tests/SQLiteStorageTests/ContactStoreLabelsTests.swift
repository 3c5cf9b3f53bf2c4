import Contacts
import Foundation
import Phones
import SQLiteTestSupport
import TestSupport
import Testing

@testable import SQLiteStorage

/// Labels and favourites as id sets in the SQLite store (`SQLiteContactStore+Labels`):
/// kept in step by imports and edits, counted, and moved from `details.categories`
/// by the first start after migration 0010.
struct ContactStoreLabelsTests {
    @Test func importsAndEditsKeepTheLabelRowsAndTheFavouritesInStep() throws {
        let folder = TestFolder()
        let store = try folder.store()
        let ids = try store.add([
            ContactFields(firstName: "Ada", favorite: true, labels: "Work\nChess"),
            ContactFields(firstName: "Bob", labels: "work"),
            ContactFields(firstName: "Cyd"),
        ])
        #expect(Array(try store.labelled("WORK")) == ids.prefix(2).map(Int32.init))
        #expect(Array(try store.favorites()) == [Int32(ids[0])])
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "Chess", count: 1), LabelCount(name: "Work", count: 2),
            ])

        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        var state = try store.listState()
        let relabelled: (ContactFields) -> ContactFields = {
            var fields = $0
            fields.labels = "Chess"
            fields.favorite = true
            return fields
        }
        state = try editor.update(id: ids[1], base: { _ in state }, prepare: { _ in }, change: relabelled)
            .state
        #expect(Array(try store.labelled("work")) == [Int32(ids[0])])
        #expect(Set(try store.labelled("chess")) == Set(ids.prefix(2).map(Int32.init)))
        #expect(Array(try store.favorites()) == ids.prefix(2).map(Int32.init))
        state = try editor.delete(id: ids[0], base: { _ in state }, prepare: { _ in }).state
        #expect(try store.labelCounts() == [LabelCount(name: "Chess", count: 1)])
        #expect(Array(try store.favorites()) == [Int32(ids[1])])
        let restored = try editor.restore(id: ids[0], base: { _ in state }, prepare: { _ in })
        #expect(restored.contact?.fields.labels == "Work\nChess")
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "Chess", count: 2), LabelCount(name: "Work", count: 1),
            ])

        let replace = try store.beginImport(mode: .replace)
        let dee = ContactFields(firstName: "Dee", labels: "Golf")
        try replace.add(
            dee, key: dee.sortKey(in: .english), document: SearchText.document(dee, region: .unitedStates),
            line: 1)
        _ = try replace.commit(prepare: { _ in })
        #expect(try store.labelCounts() == [LabelCount(name: "Golf", count: 1)])
        #expect(try store.favorites().count == 0)
    }

    @Test func aListKeptBeforeLabelsHasItsCategoriesMovedOnce() throws {
        let folder = TestFolder()
        let older = try folder.migrations(before: "0010")
        let before = try SQLiteContactStore(
            path: folder.file("old.sqlite"), migrator: SQLiteMigrator(directory: older))
        try before.database.execute(
            """
            INSERT INTO contacts (id, first_name, details) VALUES
              (1, 'Ada', '{"nickname":"A","categories":["Work","work"," Chess "]}'),
              (2, 'Bob', '{"categories":["Work"]}'),
              (3, 'Cyd', '{"nickname":"C"}');
            """)
        let store = try SQLiteContactStore(
            path: folder.file("old.sqlite"),
            migrator: SQLiteMigrator(directory: TestFolder.migrations))
        try store.buildLabelsIfNeeded()
        let rows = try store.database.statement("SELECT labels, details FROM contacts ORDER BY id")
        var moved: [[String]] = []
        while try rows.step() { moved.append([rows.string(at: 0), rows.string(at: 1)]) }
        #expect(
            moved == [["Work\nChess", #"{"nickname":"A"}"#], ["Work", ""], ["", #"{"nickname":"C"}"#]])
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "Chess", count: 1), LabelCount(name: "Work", count: 2),
            ])
        try store.database.execute("DELETE FROM contact_labels")
        try store.buildLabelsIfNeeded()
        #expect(try store.labelCounts().isEmpty, "once: a later start does not move them again")
    }

    @Test func aSeededListHasNoLabelsToMoveAtItsFirstStart() throws {
        let folder = TestFolder()
        let store = try SQLiteContactStore(
            path: folder.file("seeded.sqlite"),
            migrator: SQLiteMigrator(directory: TestFolder.migrations))
        try store.seed(count: 300, randomSeed: 5)
        #expect(
            try store.database.integer("SELECT value FROM roster_meta WHERE key = 'labels_built'") == 1,
            "a first start after the seed scans no contact for labels")
        try store.database.execute(
            "UPDATE contacts SET details = '{\"categories\":[\"Work\"]}' WHERE id = 1")
        try store.buildLabelsIfNeeded()
        #expect(try store.labelCounts().isEmpty)
    }
}
