import Contacts

extension SQLiteContactStore {
    /// How the write-ahead log is copied into the database file.
    public enum Checkpoint: String, Sendable {
        /// As much as no reader needs, never waiting for one.
        case passive = "PASSIVE"
        /// All of it, then the log is cut to nothing (gives up when a reader holds it;
        /// holds the write lock all the while).
        case truncate = "TRUNCATE"
    }

    /// Stops SQLite from copying the log into the file after each commit, so a writer
    /// that checkpoints on its own schedule (`checkpoint(_:)`, off the request path)
    /// never makes a client wait for the copy.
    public func disableAutomaticCheckpoints() throws {
        try database.execute("PRAGMA wal_autocheckpoint = 0")
    }

    /// Copies the write-ahead log into the database file, without waiting for a lock
    /// another connection holds: a reader still pinned makes it give up, and the log is
    /// then reused rather than shrunk. Errors are ignored, since the next one retries.
    public func checkpoint(_ mode: Checkpoint) {
        try? database.execute("PRAGMA busy_timeout = 0")
        try? database.execute("PRAGMA wal_checkpoint(\(mode.rawValue))")
    }
}
