import Contacts
import Foundation
import Synchronization

/// The fields of window rows recently read from PostgreSQL, shared by every event
/// loop of a process, keyed by contact id and revision: a window whose contacts are
/// all here is answered with no query.
///
/// A contact's revision is the data version of its last write (ids are never
/// reused), so the fields of (id, revision) are the same at every version the
/// contact has that revision: a window of version V, whose order names each
/// contact's revision at V, finds exactly V's fields here, whichever read put them
/// in. An entry of an older revision is never answered; it is replaced when the
/// newer one is read, or evicted.
///
/// Bounded by `capacity` bytes (the fields' bytes plus `overhead` an entry); when
/// full, the clock algorithm evicts one entry not used since the hand last passed.
/// A server fills it at start (`warm(url:log:)`), then windows keep what they read.
public final class PostgresRowCache: Sendable {
    private struct Slot {
        var row: CachedContact
        var used: Bool
    }

    private struct State {
        var slots: [Slot] = []
        /// Contact id -> its slot.
        var index: [Int: Int] = [:]
        var hand = 0
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    /// Most bytes kept (fields and `overhead` per entry).
    public let capacity: Int
    private let state = Mutex(State())

    /// What an entry costs besides its fields' bytes: the object, its slot and its
    /// index entry (measured: about 150 bytes; rounded up).
    static let overhead = 160

    /// Enough for about 1,100,000 of the seed's contacts (1,000,000 take 231 MB).
    public static let defaultCapacity = 256 << 20

    public init(capacity: Int = PostgresRowCache.defaultCapacity) {
        self.capacity = capacity
    }

    /// The cached rows of `entries` (nil where none is kept at that entry's revision).
    func rows(of entries: [OrderEntry]) -> [CachedContact?] {
        state.withLock { state in
            entries.map { entry in
                guard let slot = state.index[Int(entry.id)],
                    state.slots[slot].row.matches(entry)
                else {
                    state.misses += 1
                    return nil
                }
                state.hits += 1
                state.slots[slot].used = true
                return state.slots[slot].row
            }
        }
    }

    /// Keeps `rows`, replacing what is kept for their ids, evicting as needed.
    func keep(_ rows: [CachedContact]) {
        guard !rows.isEmpty else { return }
        state.withLock { state in
            for row in rows {
                let cost = row.cost
                guard cost <= capacity else { continue }
                if let slot = state.index[row.id] {
                    state.bytes += cost - state.slots[slot].row.cost
                    state.slots[slot] = Slot(row: row, used: true)
                } else {
                    while state.bytes + cost > capacity { Self.evictOne(&state) }
                    state.index[row.id] = state.slots.count
                    state.slots.append(Slot(row: row, used: false))
                    state.bytes += cost
                }
            }
            while state.bytes > capacity { Self.evictOne(&state) }
        }
    }

    /// Evicts the first entry at or after the hand not used since the hand passed it
    /// (clearing the marks it passes), filling its slot with the last one.
    private static func evictOne(_ state: inout State) {
        guard !state.slots.isEmpty else { return }
        while true {
            if state.hand >= state.slots.count { state.hand = 0 }
            if state.slots[state.hand].used {
                state.slots[state.hand].used = false
                state.hand += 1
                continue
            }
            let victim = state.slots[state.hand].row
            state.bytes -= victim.cost
            state.index[victim.id] = nil
            let last = state.slots.removeLast()
            if state.hand < state.slots.count {
                state.slots[state.hand] = last
                state.index[last.row.id] = state.hand
            }
            return
        }
    }

    /// Keeps `rows` while there is room, evicting nothing; false once full.
    private func fill(_ rows: [CachedContact]) -> Bool {
        state.withLock { state in
            for row in rows where state.index[row.id] == nil {
                guard state.bytes + row.cost <= capacity else { return false }
                state.index[row.id] = state.slots.count
                state.slots.append(Slot(row: row, used: false))
                state.bytes += row.cost
            }
            return true
        }
    }

    /// Contacts fetched a round trip while warming.
    static let warmBatch = 5_000

    /// Fills the cache from the database at `url` on a thread of its own, in the
    /// table's order, until it is full or every contact is in: a server that starts
    /// answers its first windows as it will once they have been asked. Rows read at
    /// any version are right for the windows of versions with the same revisions.
    public func warm(url: String, log: @escaping @Sendable (String) -> Void = { _ in }) {
        let thread = Thread { [self] in
            let started = Date()
            do {
                let connection = try PostgresConnection(url: url)
                try connection.begin(
                    .snapshot,
                    then:
                        "DECLARE warm NO SCROLL CURSOR FOR SELECT id, revision, \(CachedContact.columnList) FROM contacts"
                )
                defer { try? connection.rollback() }
                while true {
                    let result = try connection.query("FETCH \(Self.warmBatch) FROM warm")
                    let rows = (0..<result.count).map { CachedContact(result, row: $0) }
                    if !fill(rows) || result.count < Self.warmBatch { break }
                }
                let (entries, bytes, _, _) = figures
                log(
                    "roster: \(entries) contacts' window rows cached (\(bytes >> 20) MB) in "
                        + String(format: "%.1f s", Date().timeIntervalSince(started)))
            } catch {
                log("roster: cannot fill the window rows' cache (\(error)); windows fill it as they read")
            }
        }
        thread.name = "roster-row-cache"
        thread.start()
    }

    /// What the cache holds and how it answered: entries, bytes, rows found, rows not found.
    public var figures: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.slots.count, $0.bytes, $0.hits, $0.misses) }
    }
}
