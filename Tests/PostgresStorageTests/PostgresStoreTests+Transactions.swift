import Foundation
import PostgresTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import PostgresStorage

/// `PostgresConnection`'s one transaction API, on the test server.
extension PostgresStoreTests {
    @Test func aTransactionWhoseBodyThrowsKeepsNothing() throws {
        struct Stop: Error {}
        let postgres = try TestPostgres()
        let connection = try PostgresConnection(url: postgres.url)
        try connection.execute("CREATE TABLE t (x integer)")
        let insert = PostgresStatement { "INSERT INTO t (x) VALUES (\($0["x"]))" }
        #expect(throws: Stop.self) {
            try connection.transaction(.write) {
                try connection.query(insert, ["x": "1"])
                throw Stop()
            }
        }
        let other = try PostgresConnection(url: postgres.url)
        #expect(try other.query("SELECT count(*) FROM t").int(0, 0) == 0)
        // No transaction was left open: the next one commits for every connection to see.
        try connection.transaction(.write) { try connection.query(insert, ["x": "2"]) }
        #expect(try other.query("SELECT sum(x) FROM t").int(0, 0) == 2)
    }

    @Test func aSnapshotSeesOneVersionAndTheNextBeginsAsItEnds() throws {
        let postgres = try TestPostgres()
        let reader = try PostgresConnection(url: postgres.url)
        let writer = try PostgresConnection(url: postgres.url)
        try writer.execute("CREATE TABLE t (x integer)")
        let count = "SELECT count(*) FROM t"
        #expect(try reader.begin(.snapshot, then: count).int(0, 0) == 0)
        try writer.transaction(.write) { try writer.execute("INSERT INTO t (x) VALUES (1)") }
        #expect(try reader.query(count).int(0, 0) == 0, "the snapshot")
        #expect(throws: PostgresError.self, "read only") {
            try reader.execute("INSERT INTO t (x) VALUES (2)")
        }
        try reader.rollback()
        #expect(try reader.begin(.snapshot, then: count).int(0, 0) == 1)
        try writer.execute("INSERT INTO t (x) VALUES (3)")
        // The read open ends and the next begins in one round trip, which sees the insert.
        #expect(try reader.begin(.snapshot, committingFirst: true, then: count).int(0, 0) == 2)
        try writer.execute("INSERT INTO t (x) VALUES (4)")
        #expect(try reader.commit(then: count).int(0, 0) == 3, "after the commit, outside any read")
    }
}

/// `PostgresStatement`: parameters written by name, numbered by the statement.
struct PostgresStatementTests {
    @Test func namesAreNumberedInTheOrderFirstWrittenAndKeepTheirNumber() {
        let statement = PostgresStatement { "SELECT \($0["b"]), \($0["a"]), \($0["b"])" }
        #expect(statement.sql == "SELECT $1, $2, $1")
        #expect(statement.values(["a": "A", "b": nil]) == [nil, "A"])
    }

    @Test func aContactsStatementsNumberEveryStoredColumn() {
        let insert = PostgresEditor.insertSQL
        #expect(insert.names.count == 5 + ContactField.allCases.count)
        let placeholders = (1...insert.names.count).map { "$\($0)" }.joined(separator: ", ")
        #expect(insert.sql.hasSuffix("VALUES (\(placeholders))"))
        let update = PostgresEditor.updateSQL
        #expect(Set(update.names) == Set(insert.names))
        #expect(update.sql.contains("first_name = $\(update.names.firstIndex(of: "first_name")! + 1)"))
        #expect(update.sql.hasSuffix("WHERE id = $\(update.names.firstIndex(of: "id")! + 1)"))
    }
}
