import Platform
import Storage

/// One event loop's read connection and its pinned read transaction, shared by
/// the handlers that read contacts on that loop.
///
/// Reads go through one read transaction per data version, renewed every
/// second so that checkpoints can progress. Every reader asks for the version
/// it needs before reading, so no handler reads through a transaction older
/// than the list it answers for (an avatar of a contact that an import just
/// added is found on every loop).
final class StoreReader {
    let store: ContactStore
    /// The data version the store's pinned read sees, and when it began (monotonic seconds).
    private var pinnedVersion = -1
    private var pinnedAt = 0.0

    init(store: ContactStore) {
        self.store = store
    }

    /// Makes the pinned read see `version` of the data or newer.
    func pin(to version: Int) throws {
        let now = MonotonicClock.system.seconds()
        guard !store.pinned || version > pinnedVersion || now - pinnedAt > 1 else { return }
        pinnedVersion = try store.pin()
        pinnedAt = now
    }

    /// Ends a pinned read that has been open a second or more (called when idle).
    func releaseIfStale() {
        if store.pinned && MonotonicClock.system.seconds() - pinnedAt > 1 { try? store.release() }
    }
}
