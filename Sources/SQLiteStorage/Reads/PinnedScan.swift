import Contacts

/// A SQLite export's scan: a `SQLiteOrderedScan` inside its store's pinned read.
final class PinnedScan: ContactScanning {
    private let store: SQLiteContactStore
    private let scan: SQLiteOrderedScan

    init(store: SQLiteContactStore) throws {
        self.store = store
        try store.pin()
        scan = try SQLiteOrderedScan(store: store)
    }

    deinit { self.close() }

    func next(limit: Int) throws -> [ContactFields] { try scan.next(limit: limit) }

    func close() {
        scan.close()  // before the read it is part of ends
        try? store.release()
    }
}

extension SQLiteContactStore {
    /// Every contact in list order, read in one transaction (see `SQLiteOrderedScan`), the
    /// file checked by `watch` first.
    public static func scan(readingFrom path: String, watch: SQLiteFileWatch? = nil) throws
        -> any ContactScanning
    {
        try watch?.check()
        let store = try SQLiteContactStore(readingFrom: path)
        store.watch = watch
        return try PinnedScan(store: store)
    }
}
