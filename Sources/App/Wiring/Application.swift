import Contacts
import Foundation
import HTTP
import Platform
import PostgresStorage

/// Roster assembled: the database (migrated, seeded on first run), the routes,
/// and the HTTP server. Tests start the same application on port 0.
public final class Application: Sendable {
    /// The options it was built from.
    public let options: ServeOptions
    /// The database: a SQLite file, or a PostgreSQL URL.
    public let databasePath: String
    /// The static files folder.
    public let publicDirectory: String
    /// Where it logs.
    public let logger: Logger
    private let server: Server
    private let routes: Routes
    /// Run once serving has stopped: the list saved for the next start.
    private let finish: @Sendable () -> Void

    /// Opens and migrates the database, seeds an empty one with `options.seed`
    /// contacts, and prepares the server. `logger` gets the seeding progress and,
    /// while serving, one line per import, refused write, failure and shutdown.
    /// - Throws: `ContactsError`, `HTTPError` (no static folder), with messages for a person.
    public init(options: ServeOptions, logger: Logger = .standardError) throws {
        self.options = options
        self.logger = logger
        let log = logger.log
        databasePath = options.database
        let backend =
            PGConnection.isURL(options.database)
            ? try StoreBackend.postgres(options, log: log) : try StoreBackend.sqlite(options, log: log)
        publicDirectory = FolderLocator.locate(options.publicDirectory)
        _ = try StaticFiles(root: publicDirectory)  // refuse a missing folder now, not per loop
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.maxConnections = options.maxConnections
        configuration.defaultHeaders = Self.securityHeaders
        configuration.logger = logger
        configuration.eventHeartbeat = options.eventHeartbeat
        let snapshot = backend.snapshot
        let events = VersionEvents(ListVersion(snapshot))
        let catalog = Catalog(snapshot) { events.publish(ListVersion($0)) }
        let writes = WriteGate(adminToken: options.adminToken, listeningOn: options.host, logger: logger)
        routes = Routes(
            openSource: backend.openSource, openScan: backend.openScan, publicDirectory: publicDirectory,
            catalog: catalog, events: events, sessions: SessionStore(), metrics: Metrics(),
            searches: SearchCache(scanner: SearchScanner(databasePath: options.database)),
            imports: ImportContext(
                open: backend.openImporter, writes: writes, catalog: catalog, logger: logger),
            writes: writes,
            contactWriter: try backend.makeWriter(catalog),
            maxImportBytes: options.maxImportBytes)
        server = Server(configuration: configuration) { [routes] _ in try routes.makeRouter() }
        finish = { [save = backend.saveOnStop] in
            do { try save?(catalog.current.state) } catch {
                logger.log("roster: the list was not saved for the next start: \(error)")
            }
        }
        try backend.follow?(catalog)
    }

    /// Sent with every response: no MIME sniffing, no referrer leaking to other
    /// sites, a browsing context of its own, no framing.
    static let securityHeaders: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
        ("X-Frame-Options", "DENY"),
    ]

    /// A router with every endpoint and its own database connection, as each
    /// event loop gets: for calling handlers in process (benchmarks, tests).
    public func makeRouter() throws -> Router { try routes.makeRouter() }

    /// Binds and starts serving.
    public func start() throws { try server.start() }

    /// The port it listens on, once started.
    public var port: Int { server.port }

    /// Stops accepting and lets requests in flight finish.
    public func stop() { server.stop() }

    /// Makes SIGINT and SIGTERM stop the server.
    public func stopOnSignals() { server.stopOnSignals() }

    /// Blocks until the server has stopped, then saves the list it holds for the next
    /// start, unless that version is saved already (SQLite).
    public func wait() {
        server.wait()
        finish()
    }
}
