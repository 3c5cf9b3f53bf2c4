import Contacts
import Requests
import Synchronization

/// Recent searches' results, shared by every loop: least recently used first out,
/// bounded by the memory they hold in all and by their number. A result belongs
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

    /// Most bytes held by all results (`bytes(of:)`).
    let maxBytes: Int
    /// Most results held.
    let maxResults: Int
    private let scanner: any ContactSearching
    private let state = Mutex(State())

    init(scanner: any ContactSearching, maxBytes: Int = 64 << 20, maxResults: Int = 256) {
        self.scanner = scanner
        self.maxBytes = maxBytes
        self.maxResults = maxResults
    }

    /// The memory a kept result holds: its selection of the list's rows (a bit per
    /// row and the blocks' sums, or the kept rows' numbers when they are few), and its
    /// sections and layout. The list's order is shared with the list's snapshot, not
    /// counted; a search every contact matches is the list's snapshot itself.
    static func bytes(of results: ListSnapshot) -> Int {
        (results.selection?.memoryBytes ?? 0) + fixedBytes(sections: results.sections.count)
    }

    /// What a kept result holds whatever its length: its sections (a row per title of the list's
    /// locale), the layout's spans and per-section arrays, the entry and its key (about 2.4 KB
    /// measured for 27 sections and their layout: some 90 bytes a section).
    static func fixedBytes(sections: Int) -> Int { 600 + 90 * sections }

    /// The results of `filter` over `list`: cached, or found by `store` (the index for
    /// a search, the label and favourite ids for those), whose pinned read sees
    /// `list`'s version, and kept. The whole list for an empty filter.
    func results(for filter: ListFilter, in list: ListSnapshot, reading store: any ContactSource) throws
        -> ListSnapshot
    {
        guard !filter.isEmpty else { return list }
        let key = filter.key
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
        // The matches as a list of their own (the list's rows they keep): rows, offsets,
        // sections, headers, deltas, slots, `row=` and anchoring then work on them
        // exactly as on the whole list.
        let matches =
            try filter.ids(scanner: scanner, store: store, version: list.version) ?? ContactIDSet()
        let (selection, sections) = list.state.selecting(matches)
        let results =
            selection.count == list.order.count
            ? list : try ListSnapshot(state: list.state, selection: selection, sections: sections)
        let bytes = Self.bytes(of: results)
        state.withLock { state in
            state.remove(key)
            // Results of older versions are never served again (a newer list is in
            // force) and hold the old list's order: let them go.
            for (old, entry) in state.entries where entry.results.version < results.version {
                state.remove(old)
            }
            state.entries[key] = Entry(results: results, bytes: bytes, lastUse: state.clock)
            state.contacts += results.total
            state.bytes += bytes
            while state.entries.count > 1
                && (state.bytes > maxBytes || state.entries.count > maxResults),
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.remove(oldest.key)
            }
        }
        return results
    }

    /// The results of a search's `words` over `list` (`results(for:in:reading:)`).
    func results(for words: [String], in list: ListSnapshot, reading store: any ContactSource) throws
        -> ListSnapshot
    {
        try results(for: ListFilter(words: words), in: list, reading: store)
    }

    /// What `/metrics` reports: results held, contacts in them, their bytes, hits and misses.
    var figures: (results: Int, contacts: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { ($0.entries.count, $0.contacts, $0.bytes, $0.hits, $0.misses) }
    }
}
