import Platform
import Storage

/// One event loop's read connection, its pinned read transaction, and the list
/// snapshot of exactly the version that transaction sees.
///
/// Reads go through one read transaction, renewed when a newer version is asked
/// for and every second, so that checkpoints can progress. A handler asks for the
/// snapshot before reading: contacts read by row then come from the same version
/// as the rows (API.md's one version per answer).
final class StoreReader {
    let store: ContactStore
    private let catalog: Catalog
    private let clock: MonotonicClock
    /// The snapshot of the pinned read's version, and when the pin began.
    private var pinned: ListSnapshot?
    private var pinnedAt = 0.0

    init(store: ContactStore, catalog: Catalog, clock: MonotonicClock = .system) {
        self.store = store
        self.catalog = catalog
        self.clock = clock
    }

    /// The snapshot the pinned read sees, pinning anew when it is older than
    /// `version` (or a second old). The store's reads then see that snapshot's data.
    func snapshot(atLeast version: Int) throws -> ListSnapshot {
        let now = clock.seconds()
        if let pinned, store.pinned, pinned.version >= version, now - pinnedAt <= 1 { return pinned }
        let seen = try store.pin()
        let snapshot: ListSnapshot
        if let known = catalog.snapshot(for: seen) {
            snapshot = known
        } else {
            // Written by another process (or long ago): read the list as this transaction sees it.
            snapshot = try ListSnapshot(store: store)
            catalog.install(snapshot)
        }
        pinned = snapshot
        pinnedAt = now
        return snapshot
    }

    /// The snapshot of the newest installed version (pinning as needed).
    func newestSnapshot() throws -> ListSnapshot { try snapshot(atLeast: catalog.version) }

    /// Ends a pinned read that has been open a second or more (called when idle).
    func releaseIfStale() {
        if store.pinned && clock.seconds() - pinnedAt > 1 { try? store.release() }
    }
}
