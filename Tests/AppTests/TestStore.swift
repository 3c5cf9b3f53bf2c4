import PostgresStorage
import TestSupport
import Testing

/// The store a live application keeps its contacts in, for the API suites that run
/// once per store: SQLite always, PostgreSQL only when `ROSTER_TEST_POSTGRES` names a
/// server (scripts/test starts one). Without the server the PostgreSQL case is not in
/// `available` at all, so no test of it passes without running.
enum TestStore: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The stores this run can test: the arguments of the suites that run on both.
    static let available: [TestStore] = TestPostgres.server == nil ? [.sqlite] : [.sqlite, .postgres]

    /// Each of `cases` on each available store: the arguments of a test that already
    /// took cases of several values, with the store first.
    static func each<each Value>(_ cases: [(repeat each Value)]) -> [(TestStore, repeat each Value)] {
        available.flatMap { store in cases.map { (store, repeat each $0) } }
    }

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
}

extension TestPostgres {
    /// An empty database of its own on the test server, unmigrated: the application's
    /// backend migrates it (`ContactBackend.seed`), as `roster seed` would.
    convenience init() throws {
        try self.init(
            execute: { url, sql in try PostgresConnection(url: url).execute(sql) }, prepare: { _ in })
    }
}
