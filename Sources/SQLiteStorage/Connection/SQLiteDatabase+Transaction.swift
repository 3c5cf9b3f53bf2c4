import CSQLite
import Contacts

extension SQLiteDatabase {
    /// What a transaction is for, which decides how it begins.
    public enum TransactionKind: Sendable {
        /// Reads only (`BEGIN`, deferred): no lock, and one snapshot for all its
        /// reads, taken at the first one.
        case read
        /// Writes (`BEGIN IMMEDIATE`): takes the write lock at once, waiting up to
        /// the connection's busy timeout for another writer, so a write never fails
        /// half way for want of the lock.
        case write
    }

    /// Begins a transaction of `kind`; end it with `commit()` or `rollback()`.
    /// This and its three siblings are the only place a SQLite transaction begins or ends.
    /// - Throws: `ContactsError.busy` when a write's lock is held by another
    ///   connection past the busy timeout; `SQLiteError` for anything else.
    public func begin(_ kind: TransactionKind) throws {
        switch kind {
        case .read:
            try execute("BEGIN")
        case .write:
            do {
                try execute("BEGIN IMMEDIATE")
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY {
                throw ContactsError.busy
            }
        }
    }

    /// Whether a transaction is open on this connection.
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Commits the transaction `begin(_:)` began.
    public func commit() throws {
        try execute("COMMIT")
    }

    /// Rolls back the transaction `begin(_:)` began. Callers that are already
    /// throwing another error ignore this one's: when SQLite rolled back on its own
    /// (a full disk, say) there is nothing left to roll back.
    public func rollback() throws {
        try execute("ROLLBACK")
    }

    /// Runs `body` in one transaction of `kind`: committed when it returns, rolled
    /// back when it (or the commit) throws.
    /// - Throws: what `begin(_:)` and `body` throw.
    public func transaction<T>(_ kind: TransactionKind = .write, _ body: () throws -> T) throws -> T {
        try begin(kind)
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            try? rollback()
            throw error
        }
    }
}
