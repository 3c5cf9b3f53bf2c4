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
/// on demand: a single write counts itself in its file's turns while it waits for the
/// lock, and long work on that file checks that count after each row. One count a
/// file (every connection to the same path shares it): a write to another file, which
/// takes no lock of this one, never ends this file's slices.
public final class SQLiteWriteTurns: Sendable {
    private let waiting = Atomic<Int>(0)

    private init() {}

    /// Every file's turns in this process, by path.
    private static let files = Mutex<[String: SQLiteWriteTurns]>([:])

    /// The turns of the file at `path`, shared by every connection to it.
    static func of(_ path: String) -> SQLiteWriteTurns {
        files.withLock { files in
            if let turns = files[path] { return turns }
            let turns = SQLiteWriteTurns()
            files[path] = turns
            return turns
        }
    }

    /// Runs `begin` (a write transaction's begin) counted as a waiting single write.
    func waitingWrite<T>(_ begin: () throws -> T) rethrows -> T {
        waiting.add(1, ordering: .relaxed)
        defer { waiting.subtract(1, ordering: .relaxed) }
        return try begin()
    }

    /// Whether a single write in this process waits for this file's write lock now.
    var writerWaits: Bool { waiting.load(ordering: .relaxed) > 0 }

    /// Returns once no single write waits, or after `limit` seconds (so a steady
    /// stream of writes cannot hold long work off for ever).
    func letWritersGo(limit: Double = 0.2) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
        while writerWaits && DispatchTime.now().uptimeNanoseconds < deadline { usleep(100) }
    }
}
