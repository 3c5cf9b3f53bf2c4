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
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var bits = (generator.next() as UInt64, generator.next() as UInt64)
        var id: [UInt8] = []
        for index in 0..<22 {
            let value: UInt64
            if index < 11 {
                value = bits.0 & 63
                bits.0 >>= 6
            } else {
                value = bits.1 & 63
                bits.1 >>= 6
            }
            id.append(alphabet[Int(value)])
        }
        return String(decoding: id, as: UTF8.self)
    }

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
