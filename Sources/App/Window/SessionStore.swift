import Platform
import Requests
import ReuseEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One client's reuse session, the search it belongs to and the data version its
/// layout was built for. Its mutex makes requests for one session run one at a time.
final class SessionEntry: Sendable {
    struct State: Sendable {
        var session: ReuseSession
        var version: Int
        /// The offsets this session asked for with a lookahead, and when (a prefetch plan's input).
        var motion = MotionHistory()
        /// The rows its lookaheads sent, until shown or released (`/metrics`).
        var ledger = PrefetchLedger()
        /// What its slots showed at its recent states: refreshes that would repeat it are left out.
        var shown = ShownContent(limit: WindowHandler.historyLimit + 1)
        /// The contacts it shows expanded.
        var expansion = Expansion()
        /// The layout its session steps on, when it has expanded rows (nil: the list's own).
        var shape: SessionShape? = nil
    }

    let id: SessionID
    /// The list's filter (a search, favourites, a label; empty for the whole list):
    /// another `q`, `filter` or `label` is another list.
    let filter: ListFilter
    let state: Mutex<State>

    init(id: SessionID, filter: ListFilter = .all, session: ReuseSession, version: Int) {
        self.id = id
        self.filter = filter
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

        var index: [SessionID: Int] = [:]
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
    func lookup(_ id: SessionID, now: Double = MonotonicClock.system.seconds()) -> SessionEntry? {
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
    func insert(_ entry: SessionEntry, now: Double = MonotonicClock.system.seconds()) {
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
}
