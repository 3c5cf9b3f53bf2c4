import ReuseEngine
import Storage
import Synchronization

/// The list at one data version: its sections and the layout built from them.
struct ListSnapshot: Sendable {
    /// `roster_meta.data_version` when it was read.
    let version: Int
    /// All 27 sections, empty ones included (they take no space in the layout).
    let sections: [SectionInfo]
    /// Geometry of headers and contacts.
    let layout: ListLayout

    /// Contacts in the list.
    var total: Int { layout.totalRows }

    init(version: Int, sections: [SectionInfo]) throws {
        self.version = version
        self.sections = sections
        layout = try ListLayout(sectionCounts: sections.map(\.rows))
    }

    /// The snapshot of what `store` holds now.
    init(store: ContactStore) throws {
        try self.init(version: store.dataVersion(), sections: store.sections())
    }
}

/// The current snapshot, shared by every event loop; replaced whole when the data
/// changes, so a request always sees one consistent version.
final class Catalog: Sendable {
    private let state: Mutex<ListSnapshot>
    /// The version in force, readable without the lock (readers keep a copy of
    /// the snapshot and fetch it again only when this changes).
    private let installedVersion: Atomic<Int>
    /// Told of each snapshot `install` puts in force, after the lock is let go
    /// (on the installing thread; two installs racing may tell out of order, so
    /// it keeps the newest by version itself).
    private let onInstall: (@Sendable (ListSnapshot) -> Void)?

    init(_ snapshot: ListSnapshot, onInstall: (@Sendable (ListSnapshot) -> Void)? = nil) {
        state = Mutex(snapshot)
        installedVersion = Atomic(snapshot.version)
        self.onInstall = onInstall
    }

    /// The data version of the snapshot in force.
    var version: Int { installedVersion.load(ordering: .acquiring) }

    /// The snapshot in force.
    var current: ListSnapshot { state.withLock { $0 } }

    /// Installs `snapshot` unless a newer one is in force already.
    func install(_ snapshot: ListSnapshot) {
        let installed = state.withLock { current in
            guard snapshot.version >= current.version else { return false }
            current = snapshot
            installedVersion.store(snapshot.version, ordering: .releasing)
            return true
        }
        if installed { onInstall?(snapshot) }
    }
}
