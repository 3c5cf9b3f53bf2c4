import Synchronization

/// The primary's data version as last asked, and when the asking began, shared by
/// every reader of a process: a request needs the primary's version as a query sent
/// after the request was (docs/operations.md, "Several servers": read-your-writes), and any
/// reader's query sent after that time tells it, so one query can serve every
/// request that was sent before it.
///
/// Why that is enough: a client sends a request after the answer to its write, and a
/// write is answered after it commits, so a query sent after the client sent its
/// request sees every write that client had answered (and all others committed by
/// then). Times are a monotonic clock's nanoseconds (`now`, the clock the requests'
/// times come from).
public final class PostgresVersionFence: Sendable {
    private struct Asked {
        var version = 0
        var askedAt: UInt64 = 0
        var asks = 0
        var reuses = 0
    }

    private let asked = Mutex(Asked())
    /// The clock the times are read from.
    public let now: @Sendable () -> UInt64

    public init(now: @escaping @Sendable () -> UInt64) {
        self.now = now
    }

    /// The version a query sent after `sentBy` saw, if one was.
    func version(askedAfter sentBy: UInt64) -> Int? {
        asked.withLock { asked in
            guard asked.askedAt > sentBy else { return nil }
            asked.reuses += 1
            return asked.version
        }
    }

    /// Records that a query sent at `askedAt` saw `version`. The latest asking time is
    /// kept with the highest version seen, which is at least what that query saw.
    func record(_ version: Int, askedAt: UInt64) {
        asked.withLock { asked in
            asked.asks += 1
            asked.askedAt = max(asked.askedAt, askedAt)
            asked.version = max(asked.version, version)
        }
    }

    /// Queries sent to the primary for its version, and requests answered by one
    /// another request's query had made.
    public var figures: (asks: Int, reuses: Int) { asked.withLock { ($0.asks, $0.reuses) } }
}
