import Contacts
import Dispatch
import Foundation
import HTTP
import Platform
import Synchronization

/// Roster assembled: the database (migrated, seeded on first run), the routes,
/// and the HTTP server. Tests start the same application on port 0.
///
/// A first start (an empty database, `--seed N`) listens at once: until the seed
/// is written and the list loaded, `FirstStart` answers (the page and its files,
/// 503 `seeding` for the API); then the real routes take over on the same sockets
/// and `waitUntilReady()` returns.
public final class Application: Sendable {
    /// The options it was built from.
    public let options: ServeOptions
    /// The database: a SQLite file, or a PostgreSQL URL.
    public let databasePath: String
    /// Where the contacts are kept.
    private let backend: any ContactBackend
    /// The static files folder.
    public let publicDirectory: String
    /// Where it logs.
    public let logger: Logger
    private let server: Server
    /// The routes, once the list is there (at once unless a first start seeds).
    private let routes: Mutex<Routes?>
    /// A first start's seeding, nil when there is none.
    private let seeding: SeedProgress?
    /// Set once the real routes serve, or why they never will.
    private let readiness = Readiness()
    /// Run once serving has stopped: the list saved for the next start (set when the routes are made).
    private let finish = Mutex<(@Sendable () -> Void)?>(nil)

    /// Opens and migrates the database and prepares the server; an empty database
    /// is seeded with `options.seed` contacts once `start()` listens. `logger` gets
    /// the seeding progress and, while serving, one line per import, refused write,
    /// failure and shutdown.
    /// - Throws: `ContactsError`, `HTTPError` (no static folder), `UsageError` (reads
    ///   off loopback with neither a token nor `publicRead`), with messages for a person.
    public init(options: ServeOptions, logger: Logger = .standardError) throws {
        try options.checkReadsAreGuarded()
        self.options = options
        self.logger = logger
        databasePath = options.database
        let backend = Backends.backend(options, log: logger.log)
        self.backend = backend
        publicDirectory = FolderLocator.locate(options.publicDirectory)
        _ = try StaticFiles(root: publicDirectory)  // refuse a missing folder now, not per loop
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.maxConnections = options.maxConnections
        configuration.defaultHeaders = Self.securityHeaders
        configuration.logger = logger
        configuration.eventHeartbeat = options.eventHeartbeat
        Self.warn(options, logger: logger)
        configuration.requestTrace = try options.traceRequests.map { path throws(SystemError) in
            try RequestTrace(path: path)
        }
        if try Self.seedsFirst(options, backend) {
            let progress = SeedProgress(total: options.seed)
            seeding = progress
            routes = Mutex(nil)
            server = Server(configuration: configuration) { [publicDirectory] _ in
                try FirstStart.router(progress: progress, publicDirectory: publicDirectory)
            }
        } else {
            seeding = nil
            let (ready, save) = try Self.routes(
                options, backend: backend, publicDirectory: publicDirectory, logger: logger, seeding: nil)
            routes = Mutex(ready)
            server = Server(configuration: configuration) { _ in try ready.makeRouter() }
            finish.withLock { $0 = save }
            readiness.set(nil)
        }
    }

    /// The contacts to seed `backend` with when it is empty: `--seed`'s count, though a
    /// database other servers share only when `--seed` was given (another may be seeding it).
    private static func seedCount(_ options: ServeOptions, _ backend: any ContactBackend) -> Int {
        backend.isShared && !options.seedGiven ? 0 : options.seed
    }

    /// Whether serving starts by seeding: an empty database, and a seed asked for.
    /// Opens and migrates it.
    private static func seedsFirst(_ options: ServeOptions, _ backend: any ContactBackend) throws -> Bool {
        guard seedCount(options, backend) > 0 else { return false }
        return try backend.isEmpty()
    }

    /// The store prepared (and, on a first start, seeded), its writer made, and the
    /// routes over it, and what saves the list when serving stops.
    private static func routes(
        _ options: ServeOptions, backend: any ContactBackend, publicDirectory: String, logger: Logger,
        seeding: SeedProgress?
    ) throws -> (Routes, @Sendable () -> Void) {
        let count = seedCount(options, backend)
        let state = try backend.prepareToServe(
            seed: count, progress: SeedProgress.reporter(of: count, logger.log, progress: seeding),
            loading: { seeding?.loading() })
        let snapshot = try ListSnapshot(state: state)
        let events = VersionEvents(ListVersion(snapshot))
        let catalog = Catalog(snapshot) { events.publish(ListVersion($0)) }
        let credentials = Credentials(adminToken: options.adminToken, trustedProxies: options.trustedProxies)
        let writes = WriteGate(credentials: credentials, listeningOn: options.host, logger: logger)
        let reads = ReadGate(
            listeningOn: options.host, publicRead: options.publicRead, credentials: credentials,
            logger: logger)
        let contactWriter = try ContactWriter(backend: backend, catalog: catalog)
        let routes = Routes(
            openSource: { try backend.openSource() }, openScan: { try backend.openScan() },
            publicDirectory: publicDirectory, pageAssets: try PageAssets(root: publicDirectory),
            catalog: catalog, events: events, sessions: SessionStore(), metrics: Metrics(),
            searches: SearchCache(scanner: backend.searcher),
            imports: ImportContext(
                backend: backend, writes: writes, catalog: catalog, logger: logger,
                settled: contactWriter.storeChanged),
            writes: writes, reads: reads,
            signIn: SignIn(credentials: credentials, writes: writes, logger: logger),
            contactWriter: contactWriter,
            maxImportBytes: options.maxImportBytes, phoneRegion: backend.phoneRegion,
            thumbnails: try PhotoThumbnails.serving(options, backend: backend, reads: reads, logger: logger),
            openPhotos: { try backend.openPhotoReader() })
        let listener =
            backend.isShared ? VersionListener(backend: backend, catalog: catalog, log: logger.log) : nil
        try listener?.start()
        let finish: @Sendable () -> Void = {
            listener?.stop()
            do { try backend.saveOrder(catalog.current.state) } catch {
                logger.log("roster: the list was not saved for the next start: \(error)")
            }
        }
        return (routes, finish)
    }

    /// Says on stderr what a person starting the server should know: every
    /// contact readable by anyone (`--public-read` off loopback), a token short
    /// enough to guess.
    static func warn(_ options: ServeOptions, logger: Logger) {
        if options.publicRead, !WriteGate.isLoopbackAddress(options.host) {
            logger.log(
                "roster: warning: --public-read: anyone who can reach \(options.host) reads every contact, "
                    + "searches them and downloads the export")
        }
        if let token = options.adminToken, token.count < 16 {
            logger.log(
                "roster: warning: the admin token has \(token.count) characters; one of 16 or more random ones "
                    + "(openssl rand -hex 16) cannot be guessed, even from a copied session cookie")
        }
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
    /// - Throws: `HTTPError` 503 while a first start seeds.
    public func makeRouter() throws -> Router {
        guard let routes = routes.withLock({ $0 }) else {
            throw HTTPError(503, "seeding", "the list is not there yet: the first start seeds it")
        }
        return try routes.makeRouter()
    }

    /// Binds and starts serving; a first start then seeds on a thread of its own,
    /// and the routes over the list replace `FirstStart`'s once it is loaded.
    public func start() throws {
        try server.start()
        guard let seeding else { return }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        logger.log(
            "roster: seeding \(Plural.count(options.seed, "demo contact")) into "
                + backend.name + "; "
                + "http://\(shownHost):\(port)/ shows the progress meanwhile")
        let thread = Thread { [self] in
            do {
                let (ready, save) = try Self.routes(
                    options, backend: backend, publicDirectory: publicDirectory, logger: logger,
                    seeding: seeding)
                routes.withLock { $0 = ready }
                finish.withLock { $0 = save }
                try server.reroute { _ in try ready.makeRouter() }
                readiness.set(nil)
            } catch {
                readiness.set(error)
            }
        }
        thread.name = "roster-first-start"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Blocks until the list is served (at once unless a first start seeds): true,
    /// or false when the server stopped first (SIGTERM while seeding: the seed's
    /// transaction never commits, so the next start seeds again).
    /// - Throws: what the seeding or loading threw; the server keeps answering 503 until stopped.
    public func waitUntilReady() throws -> Bool {
        try readiness.wait(orUntil: { server.stopRequested })
    }

    /// The port it listens on, once started.
    public var port: Int { server.port }

    /// Stops accepting and lets requests in flight finish.
    public func stop() { server.stop() }

    /// Makes SIGINT and SIGTERM stop the server.
    public func stopOnSignals() { server.stopOnSignals() }

    /// Blocks until the server has stopped, then stops following other servers' writes
    /// and saves the list it holds for the next start, unless that version is saved
    /// already (SQLite).
    public func wait() {
        server.wait()
        finish.withLock { $0 }?()
    }
}

/// Whether the application serves its list, or why it never will: set once.
private final class Readiness: Sendable {
    private let outcome = Mutex<Result<Void, any Error>?>(nil)
    private let settled = DispatchSemaphore(value: 0)

    func set(_ error: (any Error)?) {
        outcome.withLock { $0 = error.map { .failure($0) } ?? .success(()) }
        settled.signal()
    }

    /// True once set without an error; false when `stopped()` comes first.
    func wait(orUntil stopped: () -> Bool) throws -> Bool {
        while settled.wait(timeout: .now() + 0.1) == .timedOut {
            if stopped() { return false }
        }
        settled.signal()  // a later wait returns at once too
        try outcome.withLock { $0 }?.get()
        return true
    }
}
