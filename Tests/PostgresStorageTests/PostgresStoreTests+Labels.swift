import Foundation
import PostgresStorage
import TestSupport
import Testing

@testable import Contacts

/// PostgreSQL's migration 0004 moves `details.categories` into labels as the SQLite
/// store's first start does (the same writes give the same labels on both stores:
/// `StoreParityTests`).
@Suite(.enabled(if: TestPostgres.server != nil, "needs ROSTER_TEST_POSTGRES (scripts/test starts a server)"))
struct PostgresLabelsTests {

    @Test func migration0004MovesTheCategoriesOfDetailsIntoLabels() throws {
        let server = try #require(TestPostgres.server)
        let name = "roster_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try PostgresConnection(url: server).execute("CREATE DATABASE \(name)")
        defer { try? PostgresConnection(url: server).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let url =
            server.prefix { $0 != "?" }.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/") + "/" + name
        let folder = TestFolder()
        let older = folder.file("postgresql")
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: true)
        let all = TestFolder.migrations + "/postgresql"
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
