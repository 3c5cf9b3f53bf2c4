import Contacts
import Synchronization

/// Recent searches' results, shared by every loop: least recently used first out,
/// bounded by the contacts they hold in all (each costs 8 bytes) and by their
/// number. A result belongs to one data version; a newer version searches again.
final class SearchCache: Sendable {
    private struct Entry {
        var results: ListSnapshot
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var contacts = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    /// Most contacts held in all results (8 bytes each in memory).
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
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: key) { state.contacts -= old.results.total }
            state.entries[key] = Entry(results: results, lastUse: state.clock)
            state.contacts += results.total
            while state.entries.count > 1
                && (state.contacts > maxContacts || state.entries.count > maxResults),
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.contacts -= oldest.value.results.total
            }
        }
        return results
    }

    /// What `/metrics` reports: results held, contacts in them, their bytes, hits and misses.
    var figures: (results: Int, contacts: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.entries.count, $0.contacts, $0.contacts * 8, $0.hits, $0.misses) }
    }
}
