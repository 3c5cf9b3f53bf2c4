import Foundation

/// A PostgreSQL database of its own for one test, on the server that
/// `ROSTER_TEST_POSTGRES` names (scripts/test starts one), dropped on deinit. The
/// suites that use it connect through the store they test (`execute`), which this
/// support target does not depend on.
public final class TestPostgres {
    /// The server to make databases on (`postgres://user@host:port/db`), when there is one.
    public static let server = ProcessInfo.processInfo.environment["ROSTER_TEST_POSTGRES"]
    /// The database made for the test.
    public let url: String
    private let name: String
    private let execute: (_ url: String, _ sql: String) throws -> Void

    /// No server to make a database on (`ROSTER_TEST_POSTGRES` is not set).
    public struct NoServer: Error {}

    /// A new database on `server`, made (and later dropped) by `execute` running SQL
    /// on the server's URL, then readied by `prepare` (migrated) with its URL.
    public init(
        execute: @escaping (_ url: String, _ sql: String) throws -> Void,
        prepare: (_ url: String) throws -> Void
    ) throws {
        guard let server = Self.server else { throw NoServer() }
        self.execute = execute
        name = "roster_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try execute(server, "CREATE DATABASE \(name)")
        url =
            server.prefix { $0 != "?" }.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/") + "/" + name
        try prepare(url)
    }

    deinit {
        if let server = Self.server { try? execute(server, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }
}
