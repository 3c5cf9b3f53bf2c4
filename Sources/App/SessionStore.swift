import CLinux
import ReuseEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One client's reuse session and the data version its layout was built for.
/// Its mutex makes requests for one session run one at a time.
final class SessionEntry: Sendable {
    struct State: Sendable {
        var session: ReuseSession
        var version: Int
    }

    let id: String
    let state: Mutex<State>

    init(id: String, session: ReuseSession, version: Int) {
        self.id = id
        state = Mutex(State(session: session, version: version))
    }
}

/// Sessions by id, bounded: at most `capacity` (the least recently used goes
/// first) and none idle longer than `idleLimit` seconds, so memory stays flat
/// however many clients come and go.
final class SessionStore: Sendable {
    private final class Node {
        let entry: SessionEntry
        var lastUsed: Double
        var newer: Node?
        weak var older: Node?

        init(_ entry: SessionEntry, at now: Double) {
            self.entry = entry
            lastUsed = now
        }
    }

    private struct LRU: ~Copyable {
        var nodes: [String: Node] = [:]
        var oldest: Node?
        var newest: Node?

        mutating func unlink(_ node: Node) {
            if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
            if let newer = node.newer { newer.older = node.older } else { newest = node.older }
            node.newer = nil
            node.older = nil
        }

        mutating func pushNewest(_ node: Node) {
            node.older = newest
            newest?.newer = node
            newest = node
            if oldest == nil { oldest = node }
        }
    }

    /// Most sessions kept.
    let capacity: Int
    /// Seconds a session may stay unused.
    let idleLimit: Double
    private let lru = Mutex(LRU())

    init(capacity: Int = 10_000, idleLimit: Double = 30 * 60) {
        self.capacity = max(capacity, 1)
        self.idleLimit = idleLimit
    }

    /// Sessions held now.
    var count: Int { lru.withLock { $0.nodes.count } }

    /// The session `id`, marked as just used; nil when unknown, evicted or expired.
    func lookup(_ id: String, now: Double = SessionStore.now()) -> SessionEntry? {
        lru.withLock { lru in
            guard let node = lru.nodes[id] else { return nil }
            lru.unlink(node)
            if now - node.lastUsed > idleLimit {
                lru.nodes[id] = nil
                return nil
            }
            node.lastUsed = now
            lru.pushNewest(node)
            return node.entry
        }
    }

    /// Adds `entry`, evicting the least recently used (and any expired) beyond capacity.
    func insert(_ entry: SessionEntry, now: Double = SessionStore.now()) {
        lru.withLock { lru in
            let node = Node(entry, at: now)
            if let existing = lru.nodes[entry.id] { lru.unlink(existing) }
            lru.nodes[entry.id] = node
            lru.pushNewest(node)
            while let oldest = lru.oldest, lru.nodes.count > capacity || now - oldest.lastUsed > idleLimit {
                lru.unlink(oldest)
                lru.nodes[oldest.entry.id] = nil
            }
        }
    }

    /// A new unguessable session id: 128 random bits, base64url (22 characters).
    static func newID() -> String {
        let bits = randomPool.withLock { $0.next128() }
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        return alphabet.withUTF8Buffer { alphabet in
            String(unsafeUninitializedCapacity: 22) { id in
                var (high, low) = bits
                for index in 0..<22 {
                    if index < 11 {
                        id[index] = alphabet[Int(high & 63)]
                        high >>= 6
                    } else {
                        id[index] = alphabet[Int(low & 63)]
                        low >>= 6
                    }
                }
                return 22
            }
        }
    }

    /// Random bits from the system's CSPRNG, fetched 4 KiB at a time: one system
    /// call per 256 session ids instead of two per id.
    private struct RandomPool: ~Copyable {
        var words = [UInt64](repeating: 0, count: 512)
        var next = 512

        mutating func next128() -> (UInt64, UInt64) {
            if next + 2 > words.count {
                let filled = words.withUnsafeMutableBytes { getrandom($0.baseAddress, $0.count, 0) }
                if filled != words.count * 8 {
                    // getrandom can return short only when interrupted; fall back word by word.
                    var generator = SystemRandomNumberGenerator()
                    for index in words.indices { words[index] = generator.next() }
                }
                next = 0
            }
            defer { next += 2 }
            return (words[next], words[next + 1])
        }
    }

    private static let randomPool = Mutex(RandomPool())

    /// True for the bytes a session id is made of (base64url).
    static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
