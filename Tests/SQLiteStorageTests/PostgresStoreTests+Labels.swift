import Foundation
import PostgresStorage
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Labels and favourites on both stores: the same writes give the same label and
/// favourite ids and the same counts; PostgreSQL's migration 0004 moves
/// `details.categories` into labels as the SQLite store's first start does.
@Suite(.enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
struct PostgresLabelsTests {
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
        let folder = TemporaryDirectory()
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

    @Test func migration0004MovesTheCategoriesOfDetailsIntoLabels() throws {
        let server = try #require(TestPostgres.server)
        let name = "roster_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: server).execute("CREATE DATABASE \(name)")
        defer { try? PostgresConnection(url: server).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let url =
            server.prefix { $0 != "?" }.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/") + "/" + name
        let folder = TemporaryDirectory()
        let older = folder.file("postgresql")
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: true)
        let all = TemporaryDirectory.migrations + "/postgresql"
        for file in try FileManager.default.contentsOfDirectory(atPath: all) where file < "0004" {
            try FileManager.default.copyItem(atPath: all + "/" + file, toPath: older + "/" + file)
        }
        try PostgresMigrator(directory: older).migrate(PostgresConnection(url: url))
        let connection = try PostgresConnection(url: url)
        try connection.execute(
            """
            INSERT INTO contacts (id, sort_key, first_name, details) VALUES
              (1, '\\x00', 'Ada', '{"nickname":"A","categories":["Work","work"," Chess "]}'),
              (2, '\\x00', 'Bob', '{"categories":["Work"]}'),
              (3, '\\x00', 'Cyd', '{"nickname":"C"}')
            """)
        try PostgresMigrator(directory: all).migrate(PostgresConnection(url: url))
        let rows = try connection.query("SELECT labels, details FROM contacts ORDER BY id")
        let moved = (0..<rows.count).map { [rows.string($0, 0), rows.string($0, 1)] }
        #expect(moved.map { $0[0] } == ["Work\nChess", "Work", ""])
        #expect(try ContactDetails(json: moved[0][1]).nickname == "A" && !moved[0][1].contains("categories"))
        #expect(moved[1][1] == "" && moved[2][1] == #"{"nickname":"C"}"#)
        let store = try PostgresStore(primaryURL: url)
        try store.pin()
        #expect(
            try store.labelCounts() == [
                LabelCount(name: "Chess", count: 1), LabelCount(name: "Work", count: 2),
            ])
        #expect(Array(try store.labelled("work")) == [1, 2])
    }
}
