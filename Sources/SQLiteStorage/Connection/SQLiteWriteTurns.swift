import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How writers on one file take turns: single writes go before long work (an
/// import's slices, a cleanup), which commits as soon as one waits and lets it in.
///
/// SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25... ms between tries, so
/// a waiting writer can sleep through the gap between two slices; `pollForLocks`
/// tries every quarter of a millisecond instead. In this process the gap is made
/// on demand: a single write counts itself in `SQLiteWriteTurns` while it waits for the
/// lock, and long work checks that count after each row.
public enum SQLiteWriteTurns {
    private static let waiting = Atomic<Int>(0)

    /// Runs `begin` (a write transaction's begin) counted as a waiting single write.
    static func waitingWrite<T>(_ begin: () throws -> T) rethrows -> T {
        waiting.add(1, ordering: .relaxed)
        defer { waiting.subtract(1, ordering: .relaxed) }
        return try begin()
    }

    /// Whether a single write in this process waits for the write lock now.
    static var writerWaits: Bool { waiting.load(ordering: .relaxed) > 0 }

    /// Returns once no single write waits, or after `limit` seconds (so a steady
    /// stream of writes cannot hold long work off for ever).
    static func letWritersGo(limit: Double = 0.2) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
        while writerWaits && DispatchTime.now().uptimeNanoseconds < deadline { usleep(100) }
    }
}
