import Contacts
import Dispatch
import Synchronization

/// Runs a search's scan of the index, and a label's or the favourites' scan of their
/// ids, over a SQLite file. A large list's ids are split in two and each half scanned on its own
/// connection at once (the caller's and a helper's, on another thread): the scan is
/// most of a broad search's (or a large label's) time, and it halves.
public final class SQLiteSearchScanner: ContactSearching {
    private let databasePath: String
    /// Idle helper connections (read-only, opened when first needed).
    private let idle = Mutex<[UncheckedStore]>([])
    /// Lists whose largest id is below this are scanned in one piece.
    public let splitFrom: Int

    private struct UncheckedStore: @unchecked Sendable {
        let store: SQLiteContactStore
    }

    /// One half's outcome, handed from the helper's thread by the semaphore.
    private final class Outcome: @unchecked Sendable {
        var found: ContactIDSet?
        var error: (any Error)?
    }

    /// Scans of the file at `databasePath`, split once the largest id reaches `splitFrom`.
    public init(databasePath: String, splitFrom: Int = 100_000) {
        self.databasePath = databasePath
        self.splitFrom = splitFrom
    }

    /// The contacts every word of `words` finds, read at `version`, which `store`'s
    /// pinned read sees: the words whose patterns are kept as bitmaps from their bits,
    /// the others from the index.
    public func matches(_ words: [String], store source: any ContactSource, version: Int) throws
        -> ContactIDSet
    {
        // Another store's source answers a search in one query.
        guard let store = source as? SQLiteContactStore else { return try source.matches(words, ids: nil) }
        let (kept, rest) = try store.gramMatches(words)
        if let kept, rest.isEmpty || kept.count == 0 { return kept }
        var found = try indexMatches(rest, store: store, version: version)
        if let kept { found.formIntersection(kept) }
        return found
    }

    /// The contacts holding label `name`, read at `version`, which `store`'s pinned read sees.
    public func labelled(_ name: String, store source: any ContactSource, version: Int) throws -> ContactIDSet
    {
        guard let store = source as? SQLiteContactStore else { return try source.labelled(name) }
        return try split(store: store, version: version) { try $0.labelled(name, ids: $1) }
    }

    /// The starred contacts, read at `version`, which `store`'s pinned read sees.
    public func favorites(store source: any ContactSource, version: Int) throws -> ContactIDSet {
        guard let store = source as? SQLiteContactStore else { return try source.favorites() }
        return try split(store: store, version: version) { try $0.favorites(ids: $1) }
    }

    /// The contacts every word of `words` finds in the index, read at `version`.
    private func indexMatches(_ words: [String], store: SQLiteContactStore, version: Int) throws
        -> ContactIDSet
    {
        try split(store: store, version: version) { try $0.matches(words, ids: $1) }
    }

    /// What `scan` finds over every id, read at `version`: in two halves at once when
    /// the ids reach `splitFrom`, the upper one on a helper connection.
    private func split(
        store: SQLiteContactStore, version: Int,
        _ scan: @escaping @Sendable (SQLiteContactStore, ClosedRange<Int>) throws -> ContactIDSet
    ) throws -> ContactIDSet {
        let largest = try store.largestID()
        guard largest >= max(splitFrom, 1) else { return try scan(store, 0...largest) }
        let middle = largest / 2
        let upper = Outcome()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
            do {
                upper.found = try self.helperScan(ids: (middle + 1)...largest, version: version, scan)
            } catch {
                upper.error = error
            }
            done.signal()
        }
        let lower = Result { try scan(store, 0...middle) }
        done.wait()
        var found = try lower.get()
        if let error = upper.error { throw error }
        // The helper read another version (a write landed between the two reads): this
        // connection scans that half too.
        found.formUnion(try upper.found ?? scan(store, (middle + 1)...largest))
        return found
    }

    /// What `scan` finds among `ids`, read by a helper connection, or nil when its read
    /// sees a version other than `version`.
    private func helperScan(
        ids: ClosedRange<Int>, version: Int,
        _ scan: (SQLiteContactStore, ClosedRange<Int>) throws -> ContactIDSet
    ) throws -> ContactIDSet? {
        let helper =
            try idle.withLock { $0.popLast() }
            ?? UncheckedStore(store: SQLiteContactStore(readingFrom: databasePath))
        let found = try helper.store.pin() == version ? scan(helper.store, ids) : nil
        try helper.store.release()
        // Kept for the next search only when all went well: a connection that threw is
        // let go (closing it ends any read it still held).
        idle.withLock { $0.append(helper) }
        return found
    }
}
