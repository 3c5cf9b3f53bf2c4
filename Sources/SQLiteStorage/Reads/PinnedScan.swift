import Contacts

/// A SQLite export's scan: an `OrderedScan` inside its store's pinned read.
final class PinnedScan: ContactScanning {
    private let store: ContactStore
    private let scan: OrderedScan

    init(store: ContactStore) throws {
        self.store = store
        try store.pin()
        scan = try OrderedScan(store: store)
    }

    deinit { self.close() }

    func next(limit: Int) throws -> [ContactFields] { try scan.next(limit: limit) }

    func close() {
        scan.close()  // before the read it is part of ends
        try? store.release()
    }
}

extension ContactStore {
    /// Every contact in list order, read in one transaction (see `OrderedScan`), the
    /// file checked by `watch` first.
    public static func scan(readingFrom path: String, watch: FileWatch? = nil) throws -> any ContactScanning {
        try watch?.check()
        let store = try ContactStore(readingFrom: path)
        store.watch = watch
        return try PinnedScan(store: store)
    }
}
