import Contacts
import Foundation
import PostgresStorage

/// Follows the writes of every server on one PostgreSQL database: a thread that
/// LISTENs for `roster_version` and, on each notification (and every second, in
/// case one was missed while the connection was down), brings the catalog up to
/// the primary's version, which publishes the version event to this server's
/// `/events` streams (docs/operations.md, "Several servers": within about 10 ms on every server).
final class VersionListener: Sendable {
    private let url: String
    private let catalog: Catalog
    private let log: @Sendable (String) -> Void

    /// How often the socket is looked at for notifications, in seconds.
    static let tick = 0.01

    init(url: String, catalog: Catalog, log: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.catalog = catalog
        self.log = log
    }

    /// Starts the thread; it runs as long as the process.
    func start() throws {
        let thread = Thread { [self] in run() }
        thread.name = "roster-listen"
        thread.start()
    }

    private func run() {
        var listening: (connection: PGConnection, reader: StoreReader)?
        var lastCheck = 0.0
        var failing = false
        while true {
            do {
                let now = Date().timeIntervalSinceReferenceDate
                if listening == nil {
                    let connection = try PGConnection(url: url)
                    try connection.execute("LISTEN \(PostgresEditor.channel)")
                    listening = (
                        connection, StoreReader(store: try PostgresStore(primaryURL: url), catalog: catalog)
                    )
                    lastCheck = 0
                }
                if let (connection, reader) = listening {
                    let notified = try !connection.notifications().isEmpty
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
