import Contacts
import Platform

/// One event loop's read connection, its pinned read transaction, and the list
/// snapshot of exactly the version that transaction sees.
///
/// Reads go through one read transaction, renewed when a newer version is asked
/// for and every second, so that checkpoints can progress. A handler asks for the
/// snapshot before reading: contacts read by row then come from the same version
/// as the rows (the contract's one version per answer).
final class StoreReader {
    let store: any ContactSource
    private let catalog: Catalog
    private let clock: MonotonicClock
    /// The snapshot of the pinned read's version, and when the pin began.
    private var pinned: ListSnapshot?
    private var pinnedAt = 0.0

    init(store: any ContactSource, catalog: Catalog, clock: MonotonicClock = .system) {
        self.store = store
        self.catalog = catalog
        self.clock = clock
    }

    /// The snapshot the pinned read sees, pinning anew when it is older than
    /// `version` (or a second old). The store's reads then see that snapshot's data.
    func snapshot(atLeast version: Int) throws -> ListSnapshot {
        let now = clock.seconds()
        if let pinned, store.pinned, pinned.version >= version, now - pinnedAt <= store.pinLifetime {
            return pinned
        }
        let seen = try store.pin()
        let snapshot: ListSnapshot
        if let known = catalog.snapshot(for: seen) {
            snapshot = known
        } else if let following = try followingStates(upTo: seen) {
            // Written by another server: follow its changes from the newest list held.
            for state in following { catalog.install(try ListSnapshot(state: state)) }
            snapshot = try catalog.snapshot(for: seen) ?? ListSnapshot(store: store)
        } else {
            // Written by another process (or long ago): read the list as this transaction sees it.
            snapshot = try ListSnapshot(store: store)
            catalog.install(snapshot)
        }
        pinned = snapshot
        pinnedAt = now
        return snapshot
    }

    /// The snapshot a request its client had sent by `sentBy` (`MonotonicClock.system`'s
    /// nanoseconds) may be answered from, at least `version`. A store other servers
    /// write to tells the newest version the request must see (`newestVersion(sentBy:)`):
    /// when the newest list held is at least that, it is the answer's, and the store
    /// begins no read until one is needed (`pin(at:)`). Otherwise as `snapshot(atLeast:)`.
    func snapshot(atLeast version: Int, sentBy: UInt64) throws -> ListSnapshot {
        guard let newest = try store.newestVersion(sentBy: sentBy) else {
            return try snapshot(atLeast: version)
        }
        let held = catalog.current
        guard held.version >= max(newest, version) else { return try snapshot(atLeast: max(newest, version)) }
        try store.pin(at: held.version)
        pinned = held
        pinnedAt = clock.seconds()
        return held
    }

    /// The states from the newest snapshot held up to `version`, when the store can tell them.
    private func followingStates(upTo version: Int) throws -> [ListState]? {
        let newest = catalog.current
        guard newest.version < version, let states = try store.states(after: newest.state),
            states.last?.version == version
        else { return nil }
        return states
    }

    /// The snapshot of the newest installed version (pinning as needed).
    func newestSnapshot() throws -> ListSnapshot { try snapshot(atLeast: catalog.version) }

    /// Ends a pinned read that has been open longer than the store keeps one (called when idle).
    func releaseIfStale() {
        if store.pinned && clock.seconds() - pinnedAt > store.pinLifetime { try? store.release() }
    }
}
