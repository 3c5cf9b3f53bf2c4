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
    /// Every contact in list order, read in one transaction (see `OrderedScan`).
    public static func scan(readingFrom path: String) throws -> any ContactScanning {
        try PinnedScan(store: ContactStore(readingFrom: path))
    }
}
