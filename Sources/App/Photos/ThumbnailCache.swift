import Synchronization

/// Thumbnails in memory, least recently used first out, bounded by their bytes
/// (docs/api.md, "Photos"): the avatars a list shows again are answered on the event loop
/// without a worker. Keyed by what makes a thumbnail (digest, size, encoding), which never
/// changes its bytes.
final class ThumbnailCache: Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var used: UInt64
    }

    private struct State: ~Copyable {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var tick: UInt64 = 0
        var hits = 0
        var misses = 0
    }

    private let state = Mutex(State())
    /// Bytes kept at most.
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The thumbnail under `key`, marked used.
    func get(_ key: String) -> [UInt8]? {
        state.withLock { state in
            state.tick += 1
            guard var entry = state.entries[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            entry.used = state.tick
            state.entries[key] = entry
            return entry.bytes
        }
    }

    /// Keeps `bytes` under `key`; past the limit, the least recently used go until a quarter
    /// is free (one sort per many insertions).
    func set(_ key: String, _ bytes: [UInt8]) {
        guard bytes.count <= limit / 4 else { return }
        state.withLock { state in
            state.tick += 1
            if let old = state.entries[key] { state.bytes -= old.bytes.count }
            state.entries[key] = Entry(bytes: bytes, used: state.tick)
            state.bytes += bytes.count
            guard state.bytes > limit else { return }
            for (key, entry) in state.entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard state.bytes > limit * 3 / 4 else { break }
                state.entries[key] = nil
                state.bytes -= entry.bytes.count
            }
        }
    }

    /// Bytes held, thumbnails held, hits and misses so far.
    var figures: (bytes: Int, count: Int, hits: Int, misses: Int) {
        state.withLock { ($0.bytes, $0.entries.count, $0.hits, $0.misses) }
    }
}
