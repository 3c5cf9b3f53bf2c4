extension PostgresConnection {
    /// What a transaction is for, which decides how it begins.
    public enum TransactionKind: Sendable {
        /// A write (`BEGIN`, read committed): each statement sees every commit
        /// before it, and the row locks it takes order it among other writers.
        case write
        /// A read of one version (`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`):
        /// every statement sees the snapshot the first one took.
        case snapshot

        var beginSQL: String {
            switch self {
            case .write: "BEGIN"
            case .snapshot: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
            }
        }
    }

    /// Begins a transaction of `kind`; end it with `commit()` or `rollback()`. This
    /// and its siblings are the only place a PostgreSQL transaction begins or ends.
    ///
    /// Both options save round trips, the statements going to the server as one:
    /// with `committingFirst`, the transaction open on this connection is committed
    /// just before (a pinned read ending as the next begins); with `then`, that SQL
    /// (without parameters) runs first thing in the new transaction and its rows
    /// are returned (the read's version, or a cursor's DECLARE).
    @discardableResult
    public func begin(_ kind: TransactionKind, committingFirst: Bool = false, then sql: String? = nil) throws
        -> PostgresResult
    {
        try query((committingFirst ? "COMMIT; " : "") + kind.beginSQL + (sql.map { "; " + $0 } ?? ""))
    }

    /// Commits the transaction open on this connection; with `then`, runs that SQL
    /// (without parameters) after it in the same round trip and returns its rows.
    @discardableResult
    public func commit(then sql: String? = nil) throws -> PostgresResult {
        try query("COMMIT" + (sql.map { "; " + $0 } ?? ""))
    }

    /// Rolls back the transaction open on this connection. Callers already throwing
    /// another error ignore this one's: a connection that broke has none left open.
    public func rollback() throws {
        try execute("ROLLBACK")
    }

    /// Runs `body` in one transaction of `kind`: committed when it returns, rolled
    /// back when it (or the commit) throws.
    public func transaction<T>(_ kind: TransactionKind = .write, _ body: () throws -> T) throws -> T {
        try begin(kind)
        do {
            let value = try body()
            try commit()
            return value
        } catch {
            try? rollback()
            throw error
        }
    }
}
