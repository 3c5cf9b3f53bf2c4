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
///
/// The recency list is threaded through an array by index (freed places are
/// reused): no node objects, no weak references, nothing allocated per session
/// beyond the entry itself once the store is full.
final class SessionStore: Sendable {
    private struct LRU: ~Copyable {
        struct Place {
            var entry: SessionEntry?
            var lastUsed: Double
            var older: Int
            var newer: Int
        }

        var index: [String: Int] = [:]
        var places: [Place] = []
        var free: [Int] = []
        var oldest = -1
        var newest = -1

        mutating func unlink(_ place: Int) {
            let (older, newer) = (places[place].older, places[place].newer)
            if older >= 0 { places[older].newer = newer } else { oldest = newer }
            if newer >= 0 { places[newer].older = older } else { newest = older }
            places[place].older = -1
            places[place].newer = -1
        }

        mutating func pushNewest(_ place: Int) {
            places[place].older = newest
            places[place].newer = -1
            if newest >= 0 { places[newest].newer = place }
            newest = place
            if oldest < 0 { oldest = place }
        }

        mutating func add(_ entry: SessionEntry, at now: Double) {
            let place = Place(entry: entry, lastUsed: now, older: -1, newer: -1)
            let spot: Int
            if let reused = free.popLast() {
                places[reused] = place
                spot = reused
            } else {
                places.append(place)
                spot = places.count - 1
            }
            index[entry.id] = spot
            pushNewest(spot)
        }

        mutating func remove(_ place: Int) {
            unlink(place)
            if let id = places[place].entry?.id { index[id] = nil }
            places[place].entry = nil
            free.append(place)
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
    var count: Int { lru.withLock { $0.index.count } }

    /// The session `id`, marked as just used; nil when unknown, evicted or expired.
    func lookup(_ id: String, now: Double = SessionStore.now()) -> SessionEntry? {
        lru.withLock { lru in
            guard let place = lru.index[id] else { return nil }
            if now - lru.places[place].lastUsed > idleLimit {
                lru.remove(place)
                return nil
            }
            lru.unlink(place)
            lru.places[place].lastUsed = now
            lru.pushNewest(place)
            return lru.places[place].entry
        }
    }

    /// Adds `entry`, evicting the least recently used (and any expired) beyond capacity.
    func insert(_ entry: SessionEntry, now: Double = SessionStore.now()) {
        lru.withLock { lru in
            if let existing = lru.index[entry.id] { lru.remove(existing) }
            lru.add(entry, at: now)
            while lru.oldest >= 0,
                lru.index.count > capacity || now - lru.places[lru.oldest].lastUsed > idleLimit
            {
                lru.remove(lru.oldest)
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
