import Contacts
import ReuseEngine
import Synchronization

/// The list's snapshots, shared by every event loop: the one in force, the one a
/// writer is about to commit, and a few recent ones, so that a reader whose read
/// transaction sees version V finds the snapshot of exactly V, never a neighbour.
///
/// A writer `prepare`s the next snapshot inside its transaction, commits, then
/// `install`s it: between the commit and the install, readers that already see
/// the new data find it as the prepared one.
final class Catalog: Sendable {
    private struct State {
        var current: ListSnapshot
        var prepared: ListSnapshot?
        /// Earlier snapshots, newest last, at most `recentLimit`.
        var recent: [ListSnapshot] = []
    }

    /// Earlier snapshots kept for readers still pinned to them.
    static let recentLimit = 16

    private let state: Mutex<State>
    /// The version in force, readable without the lock.
    private let installedVersion: Atomic<Int>
    /// Told of each snapshot `install` puts in force, after the lock is let go
    /// (on the installing thread; two installs racing may tell out of order, so
    /// the listener keeps the newest by version itself).
    private let onInstall: (@Sendable (ListSnapshot) -> Void)?

    init(_ snapshot: ListSnapshot, onInstall: (@Sendable (ListSnapshot) -> Void)? = nil) {
        state = Mutex(State(current: snapshot))
        installedVersion = Atomic(snapshot.version)
        self.onInstall = onInstall
    }

    /// The data version of the snapshot in force.
    var version: Int { installedVersion.load(ordering: .acquiring) }

    /// The snapshot in force.
    var current: ListSnapshot { state.withLock { $0.current } }

    /// Makes `snapshot` findable by version before its transaction commits.
    func prepare(_ snapshot: ListSnapshot) {
        state.withLock { $0.prepared = snapshot }
    }

    /// Forgets the prepared snapshot of `version`: its transaction did not commit
    /// (a reader that later sees that version, written by someone else, must not find it).
    func discard(version: Int) {
        state.withLock { state in
            if state.prepared?.version == version { state.prepared = nil }
        }
    }

    /// Installs `snapshot` unless a newer one is in force already.
    func install(_ snapshot: ListSnapshot) {
        let installed = state.withLock { state -> Bool in
            if let prepared = state.prepared, prepared.version <= snapshot.version { state.prepared = nil }
            guard snapshot.version > state.current.version else { return false }
            state.recent.append(state.current)
            if state.recent.count > Self.recentLimit { state.recent.removeFirst() }
            state.current = snapshot
            installedVersion.store(snapshot.version, ordering: .releasing)
            return true
        }
        if installed { onInstall?(snapshot) }
    }

    /// The snapshot of data version `version`, if it is in force, prepared or recent.
    /// - Complexity: O(recentLimit).
    func snapshot(for version: Int) -> ListSnapshot? {
        state.withLock { state in
            if state.current.version == version { return state.current }
            if let prepared = state.prepared, prepared.version == version { return prepared }
            return state.recent.last { $0.version == version }
        }
    }
}
