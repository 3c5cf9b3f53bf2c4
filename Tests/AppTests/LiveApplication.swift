import Contacts
import Foundation
import Platform
import TestSupport

@testable import App

/// A real `roster serve` application on a free port, with a static folder of its
/// own, over a database of either store (`TestStore`): a SQLite file in its folder,
/// or a PostgreSQL database of its own on the test server, dropped when it goes.
/// Contacts go in through what both stores offer (`ContactBackend`'s seed and an
/// import), never through one store's own calls.
final class LiveApplication: @unchecked Sendable {
    /// The SQLite application over 100,000 seeded contacts (seeded once per test run,
    /// plus a few contacts whose text needs escaping), for tests that only read.
    static let shared: LiveApplication = try! LiveApplication(.sqlite, shared: ())
    private static let sharedPostgres: LiveApplication? = {
        guard TestStore.available.contains(.postgres) else { return nil }
        let live = try! LiveApplication(.postgres, shared: ())
        // A static is never deinitialised: its server stops and its database goes as the process exits.
        atexit { LiveApplication.sharedPostgres?.close() }
        return live
    }()

    /// The application over 100,000 seeded contacts and the hostile ones on `store`,
    /// made once per test run, for tests that only read.
    static func shared(_ store: TestStore) -> LiveApplication {
        store == .sqlite ? shared : sharedPostgres!
    }

    let application: Application
    let folder: String
    let store: TestStore
    /// The database the application serves: the file's path, or the PostgreSQL URL.
    let database: String
    /// Ids of the contacts added with hostile text.
    let hostileIDs: [Int]
    /// Ids of the contacts added as they were given (`adding:`), unchecked.
    let addedIDs: [Int]
    /// The PostgreSQL database, dropped after the application stops (nil on SQLite).
    private var postgres: TestPostgres?
    static let hostile = [
        ContactFields(
            firstName: "<script>alert(1)</script>", lastName: "O'Brien & \"Sons\"", email: "a&b@x.org",
            phone: "😀 𝔸 \u{2028}", company: "<b>Co</b>", city: "Zürich",
            notes: "line\n<i>break</i> & \"more\""),
        ContactFields(firstName: "Zed", lastName: "\\backslash\\", email: "z@x", phone: "1"),
    ]

    var port: Int { application.port }

    /// The project's migrations folder.
    static let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Migrations").path

    /// A separate SQLite application over its own database of `contacts` seeded
    /// contacts, for tests that change the data.
    convenience init(
        contacts: Int, adding: [ContactFields] = [], logger: Logger = .discarding,
        configure: (inout ServeOptions) -> Void = { _ in }
    ) throws {
        try self.init(.sqlite, contacts: contacts, adding: adding, logger: logger, configure: configure)
    }

    /// A separate application on `store` over its own database of `contacts` seeded
    /// contacts, for tests that change the data, its list in `locale` (`--locale`).
    /// `adding` contacts are stored as given, as an old import or the seed may have
    /// stored them (no write's checks).
    convenience init(
        _ store: TestStore, contacts: Int, adding: [ContactFields] = [], locale: String = "en",
        logger: Logger = .discarding, configure: (inout ServeOptions) -> Void = { _ in }
    ) throws {
        try self.init(
            store, contacts: contacts, hostile: false, adding: adding, locale: locale, logger: logger,
            configure: configure)
    }

    private convenience init(_ store: TestStore, shared: Void) throws {
        try self.init(
            store, contacts: 100_000, hostile: true, adding: [], locale: "en", logger: .discarding,
            configure: { _ in })
    }

    private init(
        _ store: TestStore, contacts: Int, hostile: Bool, adding: [ContactFields], locale: String,
        logger: Logger, configure: (inout ServeOptions) -> Void
    ) throws {
        folder = NSTemporaryDirectory() + "roster-app-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/public", withIntermediateDirectories: true)
        try "<!doctype html><title>Roster test</title>".write(
            toFile: folder + "/public/index.html", atomically: true, encoding: .utf8)
        self.store = store
        postgres = store == .postgres ? try TestPostgres() : nil
        database = postgres?.url ?? folder + "/db.sqlite"
        var options = ServeOptions()
        options.port = 0
        options.database = database
        options.seed = 0
        options.publicDirectory = folder + "/public"
        options.migrationsDirectory = Self.migrations
        options.locale = locale
        configure(&options)
        // The served list's backend: its phones read in the region it is served with.
        let backend = Backends.backend(options, log: { _ in })
        try backend.seed(
            count: contacts, randomSeed: 3, notesPercent: SyntheticContacts.defaultNotesPercent,
            progress: { _ in })
        let ids = try Self.add((hostile ? Self.hostile : []) + adding, to: backend)
        hostileIDs = Array(ids.prefix(hostile ? Self.hostile.count : 0))
        addedIDs = Array(ids.dropFirst(hostileIDs.count))
        application = try Application(options: options, logger: logger)
        try application.start()
    }

    /// Adds `contacts` as given, in one import as `roster import` makes it (each with
    /// its sort key and search text, no write's checks); their new ids, in order.
    private static func add(_ contacts: [ContactFields], to backend: any ContactBackend) throws -> [Int] {
        guard !contacts.isEmpty else { return [] }
        let target = try backend.openCommandImporter()
        let batch = try target.beginImport(mode: .append)
        for (offset, fields) in contacts.enumerated() {
            try batch.add(
                fields, key: fields.sortKey(in: backend.locale),
                document: SearchText.document(fields, region: backend.phoneRegion),
                line: offset + 1)
        }
        let state = try batch.commit { _ in }
        backend.tidyAfterImport()
        // An import's contacts take new ids, above every other, in the file's order.
        return Array(state.order.allEntries.map { Int($0.id) }.sorted().suffix(contacts.count))
    }

    /// The backend of the database the application serves, for reading it beside the server.
    func backend() -> any ContactBackend { Backends.backend(database, migrations: Self.migrations) }

    func client() -> RawClient { RawClient(port: port) }

    /// Stops the application, then drops its PostgreSQL database and removes its folder.
    private func close() {
        application.stop()
        application.wait()
        postgres = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { close() }
}

extension RawClient {
    /// One request with `body` as JSON (unless `headers` name another type); the
    /// status, the header fields (names lowercased) and the body as a JSON object.
    func call(
        _ method: String, _ target: String, _ body: String? = nil, headers: [String: String] = [:],
        host: String = "localhost"
    ) -> (status: Int, headers: [String: String], json: [String: Any]) {
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        var fields = headers
        if let body {
            fields["Content-Length"] = "\(body.utf8.count)"
            fields["Content-Type"] = fields["Content-Type"] ?? "application/json"
        }
        for (name, value) in fields { request += "\(name): \(value)\r\n" }
        send(request + "\r\n" + (body ?? ""))
        guard let response = readResponses().first else { return (0, [:], [:]) }
        let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        var lowered: [String: String] = [:]
        for (name, value) in response.headers { lowered[name.lowercased()] = value }
        return (response.status, lowered, json)
    }
}

extension LiveApplication {
    /// One request on a new connection; the status, the header fields (names
    /// lowercased) and the body as a JSON object.
    func call(
        _ method: String, _ target: String, _ body: String? = nil, headers: [String: String] = [:]
    ) -> (status: Int, headers: [String: String], json: [String: Any]) {
        client().call(method, target, body, headers: headers)
    }
}
