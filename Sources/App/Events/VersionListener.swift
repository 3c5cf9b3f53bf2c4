import Contacts
import Foundation
import Synchronization

/// Follows the writes of every server on one shared database (PostgreSQL): a thread
/// that listens for their writes (`ContactChangeFeed`) and, on each notification (and every second, in
/// case one was missed while the connection was down), brings the catalog up to
/// the primary's version, which publishes the version event to this server's
/// `/events` streams (docs/operations.md, "Several servers": within about 10 ms on every server).
final class VersionListener: Sendable {
    private let backend: any ContactBackend
    private let catalog: Catalog
    private let log: @Sendable (String) -> Void
    /// Set by `stop()`: the thread ends at its next turn.
    private let stopping = Atomic<Bool>(false)
    /// Signalled when the thread has ended (closing its connections).
    private let ended = DispatchSemaphore(value: 0)

    /// How often the socket is looked at for notifications, in seconds.
    static let tick = 0.01

    init(backend: any ContactBackend, catalog: Catalog, log: @escaping @Sendable (String) -> Void) {
        self.backend = backend
        self.catalog = catalog
        self.log = log
    }

    /// Starts the thread; it runs until `stop()`.
    func start() throws {
        let thread = Thread { [self] in
            run()
            ended.signal()
        }
        thread.name = "roster-listen"
        thread.start()
    }

    /// Ends the thread once the server has stopped, so that no connection outlives the
    /// application (a process that serves one after another, as tests do, would keep
    /// each one's listener polling, and retrying once its database is gone); waits up
    /// to `timeout` seconds for it to end.
    func stop(timeout: Double = 5) {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        _ = ended.wait(timeout: .now() + timeout)
    }

    private func run() {
        var listening: (feed: any ContactChangeFeed, reader: StoreReader)?
        var lastCheck = 0.0
        var failing = false
        while !stopping.load(ordering: .relaxed) {
            do {
                let now = Date().timeIntervalSinceReferenceDate
                if listening == nil {
                    // A database no other server writes has nothing to follow.
                    guard let feed = try backend.openChangeFeed() else { return }
                    listening = (feed, StoreReader(store: feed.source, catalog: catalog))
                    lastCheck = 0
                }
                if let (feed, reader) = listening {
                    let notified = try feed.changed()
                    if notified || now - lastCheck >= 1 {
                        lastCheck = now
                        _ = try reader.newestSnapshot()
                        try reader.store.release()
                    }
                }
                if failing {
                    failing = false
                    log("roster: following the database's changes again")
                }
                Thread.sleep(forTimeInterval: Self.tick)
            } catch {
                if !failing { log("roster: cannot follow the database's changes (\(error)); retrying") }
                failing = true
                listening = nil
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }
}
