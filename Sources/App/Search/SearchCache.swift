import Contacts
import Synchronization

/// Recent searches' results, shared by every loop: least recently used first out,
/// bounded by the contacts they hold in all and by their number. A result belongs
/// to one data version; a newer version searches again.
final class SearchCache: Sendable {
    private struct Entry {
        var results: ListSnapshot
        /// The memory `results` holds (`bytes(of:)`), counted once when kept.
        var bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var contacts = 0
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0

        mutating func remove(_ key: String) {
            guard let old = entries.removeValue(forKey: key) else { return }
            contacts -= old.results.total
            bytes -= old.bytes
        }
    }

    /// Most contacts held in all results (about 14.5 bytes each in memory, `bytes(of:)`).
    let maxContacts: Int
    /// Most results held.
    let maxResults: Int
    private let scanner: SearchScanner
    private let state = Mutex(State())

    init(scanner: SearchScanner, maxContacts: Int = 4_000_000, maxResults: Int = 256) {
        self.scanner = scanner
        self.maxContacts = maxContacts
        self.maxResults = maxResults
    }

    /// The memory a kept result holds: its order, a tree of its own (12 bytes an
    /// entry, 2 of running notes lines, the nodes and their arrays), and its
    /// sections and layout. A search every contact matches shares the list's own
    /// order; it is counted all the same, since the cache may keep it after the list
    /// moved on.
    /// - Complexity: O(n / leaf size).
    static func bytes(of results: ListSnapshot) -> Int {
        results.order.memoryBytes + fixedBytes
    }

    /// What a kept result holds whatever its length: its 27 sections, the layout's
    /// spans and per-section arrays, the entry and its key (about 2.4 KB measured for
    /// the sections and layout).
    static let fixedBytes = 3_000

    /// The results of `words` over `list`: cached, or found in the index by `store`,
    /// whose pinned read sees `list`'s version, and kept.
    func results(for words: [String], in list: ListSnapshot, reading store: any ContactSource) throws
        -> ListSnapshot
    {
        let key = words.joined(separator: " ")
        let cached = state.withLock { state -> ListSnapshot? in
            state.clock += 1
            guard let entry = state.entries[key], entry.results.version == list.version else {
                state.misses += 1
                return nil
            }
            state.entries[key]?.lastUse = state.clock
            state.hits += 1
            return entry.results
        }
        if let cached { return cached }
        // The matches as a list of their own: rows, offsets, sections, headers, deltas,
        // slots, `row=` and anchoring then work on them exactly as on the whole list.
        let matches = try scanner.matches(words, store: store, version: list.version)
        let results = try ListSnapshot(state: list.state.filtered(keeping: matches))
        let bytes = Self.bytes(of: results)
        state.withLock { state in
            state.remove(key)
            state.entries[key] = Entry(results: results, bytes: bytes, lastUse: state.clock)
            state.contacts += results.total
            state.bytes += bytes
            while state.entries.count > 1
                && (state.contacts > maxContacts || state.entries.count > maxResults),
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.remove(oldest.key)
            }
        }
        return results
    }

    /// What `/metrics` reports: results held, contacts in them, their bytes, hits and misses.
    var figures: (results: Int, contacts: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.entries.count, $0.contacts, $0.bytes, $0.hits, $0.misses) }
    }
}
