import Foundation
import Phones
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Migration 0014: the search index without per-row sizes, over texts that hold each part of a
/// phone once (`IndexedPhone`), made anew at the next start for a list that holds contacts.
struct SearchIndexMigrationTests {
    @Test func aListIndexedWithTheOlderTextsIsIndexedAgainAndForgetsItsRowsCleanly() throws {
        let folder = TestFolder()
        let older = try folder.migrations(before: "0014")
        let path = folder.file("a.sqlite")
        let before = try SQLiteContactStore(path: path, migrator: SQLiteMigrator(directory: older))
        let ids = try before.add([
            ContactFields(firstName: "Ann", lastName: "Lee", phone: "(555) 123-4567"),
            ContactFields(firstName: "Bo", lastName: "Berg", phone: "+1 555-987-6543"),
        ])
        // The texts as the index held them before: every phone word whole, and the typed
        // digits beside the E.164 form's.
        try before.database.execute(
            """
            INSERT INTO contact_search (contact_search) VALUES ('delete-all');
            INSERT INTO contact_search (rowid, text) VALUES
                (\(ids[0]), '  ann  lee  555  123  4567  #5551234567  #15551234567'),
                (\(ids[1]), '  bo  berg  1  555  987  6543  #15559876543');
            """)
        #expect(try before.database.tableExists("contact_search_docsize"))

        let store = try SQLiteContactStore(
            path: path, migrator: SQLiteMigrator(directory: TestFolder.migrations))
        #expect(try !store.database.tableExists("contact_search_docsize"), "no per-row sizes")
        #expect(try store.database.integer("SELECT value FROM roster_meta WHERE key = 'search_built'") == 0)
        #expect(
            try !store.matches(["lee"]).contains(ids[0]), "nothing is found until the next start indexes it")
        try store.buildSearchIndexIfNeeded(region: .unitedStates)
        for (word, found) in [
            ("1234", ids[0]), ("5551234567", ids[0]), ("15559876543", ids[1]), ("98", ids[1]),
        ] {
            #expect(try store.matches([word]).contains(found), "\(word)")
        }
        // Taking a contact's text out by the text it is indexed with leaves the index whole.
        let editor = SQLiteContactEditor(store: store)
        let state = try store.listState()
        _ = try editor.update(
            id: ids[0], base: { _ in state }, prepare: { _ in },
            change: {
                var fields = $0
                fields.phone = "+1 555-000-1111"
                return fields
            })
        #expect(try !store.matches(["1234"]).contains(ids[0]))
        #expect(try store.matches(["0001111"]).contains(ids[0]))
        try store.database.execute("INSERT INTO contact_search (contact_search) VALUES ('integrity-check')")
    }
}
