import Foundation
import Phones
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Named parameters and statements reset by their own scope.
struct StatementTests {
    /// A store of 200 seeded contacts on a new file, keeping its frequent search
    /// patterns as bitmaps (as a longer list does).
    private static func seeded(_ folder: TestFolder) throws -> SQLiteContactStore {
        let store = try folder.store()
        store.gramPolicy = SQLiteGramPolicy(minimumContacts: 100)
        try store.seed(count: 200, randomSeed: 5)
        return store
    }

    #if DEBUG
        /// Every write and read the store does, on one connection: each statement it
        /// prepares ran through the debug check that every parameter it declares was
        /// bound (a step with one unbound traps, failing the run).
        @Test func everyStatementTheStoreRunsBindsEveryParameterItDeclares() throws {
            let folder = TestFolder()
            let store = try Self.seeded(folder)
            let editor = SQLiteContactEditor(store: store)
            var state = try store.listState()
            let inserted = try editor.insert(
                ContactFields(firstName: "Ada", lastName: "Lovelace", notes: "two\nlines"),
                base: { _ in state }, prepare: { _ in })
            state = inserted.state
            let id = try #require(inserted.contact?.id)
            state = try editor.update(
                id: id, base: { _ in state }, prepare: { _ in },
                change: {
                    var fields = $0
                    fields.notes = "one line"  // same key, other lines
                    return fields
                }
            ).state
            state = try editor.update(
                id: id, base: { _ in state }, prepare: { _ in },
                change: {
                    var fields = $0
                    fields.lastName = "Byron"  // a new key
                    return fields
                }
            ).state
            let doomed = Int(state.order[3].id)
            state = try editor.delete(id: doomed, base: { _ in state }, prepare: { _ in }).state
            try store.add([ContactFields(firstName: "Bo"), ContactFields(lastName: "Zed", favorite: true)])
            let replace = try store.beginImport(mode: .replace)
            let cy = ContactFields(firstName: "Cy", notes: "a\nb")
            try replace.add(
                cy, key: cy.sortKey(in: .english), document: SearchText.document(cy, region: .unitedStates),
                line: 2)
            state = try replace.commit { _ in }
            // Names in id order: rows 1... have consecutive ids, read as one range.
            try store.add((10..<30).map { ContactFields(firstName: "Name\($0)", notes: "note") })
            // Counted again and indexed again, as after a migration.
            try store.database.execute(
                "UPDATE roster_meta SET value = 0 WHERE key IN ('lines_built', 'search_built')")
            try store.countNoteLinesIfNeeded()
            try store.buildSearchIndexIfNeeded(region: .unitedStates)
            state = try store.listState()
            _ = try store.matches(SearchText.words("name1"))
            // "  n" is kept (the seed's sample held it), "zzqx" is left to the index.
            let (kept, rest) = try store.gramMatches(["n", "zzqx"])
            #expect(kept != nil && rest == ["zzqx"])
            try store.database.execute("UPDATE roster_meta SET value = 0 WHERE key = 'grams_built'")
            try store.buildGramsIfNeeded()
            _ = try store.contacts(at: 0..<10, in: state.order)
            _ = try store.contact(id: Int(state.order[2].id), in: state.order)
            _ = try store.row(ofContact: Int(state.order[5].id), in: state.order)
            for entries in [state.order.entries(in: 1..<9), [state.order[7], state.order[1]]] {
                let cursor = try store.cursor(over: entries, firstRow: 0)
                for position in 0..<entries.count { _ = try cursor.move(to: position) }
                cursor.close()
            }
            #expect(try store.database.tableExists("contacts"))

            let statements = store.database.preparedStatements
            let withParameters = statements.filter { !$0.parameterNames.isEmpty }
            for statement in withParameters {
                #expect(statement.checkedRuns > 0, "never checked: \(statement.sql)")
            }
            let run = Set(withParameters.map(\.sql))
            for sql in [
                ContactField.insertSQL, ContactField.updateSQL, SQLiteContactStore.orderInsertSQL,
                SQLiteContactStore.searchInsertSQL, SQLiteContactStore.contactByIDSQL,
                SQLiteContactCursor.rangeSQL,
                SQLiteContactCursor.byIDSQL,
            ] {
                #expect(run.contains(sql), "not run: \(sql)")
            }
            #expect(withParameters.count >= 15, "\(withParameters.count) statements with parameters")
            let positional = run.filter { $0.contains("?") }
            #expect(positional.isEmpty, "positional parameters: \(positional)")
        }
    #endif

    @Test func theFieldsParametersAreTheirColumnNames() throws {
        #expect(ContactField.firstName.parameter == ":first_name")
        let folder = TestFolder()
        let store = try folder.store()
        try store.database.withStatement(ContactField.updateSQL) { update in
            #expect(
                Set(update.parameterNames)
                    == Set(ContactField.allCases.map(\.parameter) + [":id", ":revision"]))
        }
        try store.database.withStatement(ContactField.insertSQL) { insert in
            #expect(insert.parameterNames == [":id"] + ContactField.allCases.map(\.parameter))
        }
    }

    @Test func aStatementIsResetWhenItsBodyThrows() throws {
        struct Stop: Error {}
        let folder = TestFolder()
        let store = try Self.seeded(folder)
        try store.add([ContactFields(firstName: "Wal")])  // frames in the log, which a reader holds
        let other = try SQLiteDatabase(path: folder.file("roster.sqlite"))
        try other.execute("PRAGMA busy_timeout = 0")
        // Column 0 of a checkpoint's row is 1 when a reader kept it from finishing.
        let checkpoint = "PRAGMA wal_checkpoint(TRUNCATE)"
        let sql = "SELECT id FROM contacts WHERE id > :after"
        #expect(throws: Stop.self) {
            try store.database.withStatement(sql) { statement in
                statement.bind(0, to: ":after")
                #expect(try statement.step())
                #expect(statement.isBusy, "on a row, holding its read")
                #expect(try other.integer(checkpoint) == 1, "the read keeps the checkpoint from finishing")
                throw Stop()
            }
        }
        let statement = try #require(store.database.preparedStatements.first { $0.sql == sql })
        #expect(!statement.isBusy)
        #expect(try other.integer(checkpoint) == 0, "no read left open")
    }

    @Test func aScanAndACursorEndTheirReadWhenClosed() throws {
        let folder = TestFolder()
        let store = try Self.seeded(folder)
        let state = try store.listState()
        let cursor = try store.cursor(over: state.order.entries(in: 0..<20), firstRow: 0)
        #expect(try cursor.move(to: 0))
        let scan = try SQLiteOrderedScan(store: store)
        #expect(try scan.next(limit: 5).count == 5)
        let busy = { store.database.preparedStatements.filter(\.isBusy).count }
        #expect(busy() == 2)
        cursor.close()
        scan.close()
        #expect(busy() == 0)
    }

    @Test func bindingANameTheStatementDoesNotHaveTraps() async throws {
        let exit = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let folder = TestFolder()
            try folder.store().database.withStatement("SELECT :id") { $0.bind(1, to: ":identifier") }
        }
        let message = String(decoding: exit.standardErrorContent, as: UTF8.self)
        #expect(message.contains("no parameter :identifier in SQL: SELECT :id"), "\(message)")
    }

    #if DEBUG
        @Test func steppingWithAParameterUnboundTrapsInADebugBuild() async throws {
            let exit = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let folder = TestFolder()
                _ = try folder.store().database.integer("SELECT :a + :b") { $0.bind(1, to: ":a") }
            }
            let message = String(decoding: exit.standardErrorContent, as: UTF8.self)
            #expect(message.contains("parameter :b not bound before running: SELECT :a + :b"), "\(message)")
        }
    #endif
}
