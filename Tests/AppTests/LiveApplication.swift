import Contacts
import Foundation
import Platform
import SQLiteStorage
import TestSupport

@testable import App

/// A real `roster serve` application on a free port over a 100,000-contact
/// database (seeded once per test run, plus a few contacts whose text needs
/// escaping), with a static folder of its own.
final class LiveApplication: @unchecked Sendable {
    static let shared: LiveApplication = try! LiveApplication()

    let application: Application
    let folder: String
    /// Ids of the contacts added with hostile text.
    let hostileIDs: [Int]
    /// Ids of the contacts added as they were given (`adding:`), unchecked.
    let addedIDs: [Int]
    static let hostile = [
        ContactFields(
            firstName: "<script>alert(1)</script>", lastName: "O'Brien & \"Sons\"", email: "a&b@x.org",
            phone: "😀 𝔸 \u{2028}", company: "<b>Co</b>", city: "Zürich",
            notes: "line\n<i>break</i> & \"more\""),
        ContactFields(firstName: "Zed", lastName: "\\backslash\\", email: "z@x", phone: "1"),
    ]

    var port: Int { application.port }

    /// A separate application over its own database of `contacts` seeded contacts,
    /// for tests that change the data.
    /// `adding` contacts are stored as given, as an old import or the seed may have
    /// stored them (no write's checks).
    convenience init(
        contacts: Int, adding: [ContactFields] = [], logger: Logger = .discarding,
        configure: (inout ServeOptions) -> Void = { _ in }
    ) throws {
        try self.init(
            contacts: contacts, hostile: false, adding: adding, logger: logger, configure: configure)
    }

    private convenience init() throws {
        try self.init(contacts: 100_000, hostile: true, adding: [], logger: .discarding, configure: { _ in })
    }

    private init(
        contacts: Int, hostile: Bool, adding: [ContactFields], logger: Logger,
        configure: (inout ServeOptions) -> Void
    ) throws {
        folder = NSTemporaryDirectory() + "roster-app-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/public", withIntermediateDirectories: true)
        try "<!doctype html><title>Roster test</title>".write(
            toFile: folder + "/public/index.html", atomically: true, encoding: .utf8)
        let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Migrations").path
        let store = try SQLiteContactStore(
            path: folder + "/db.sqlite", migrator: SQLiteMigrator(directory: migrations))
        try store.seed(count: contacts, randomSeed: 3)
        hostileIDs = hostile ? try store.add(Self.hostile) : []
        addedIDs = adding.isEmpty ? [] : try store.add(adding)
        var options = ServeOptions()
        options.port = 0
        options.database = folder + "/db.sqlite"
        options.seed = 0
        options.publicDirectory = folder + "/public"
        options.migrationsDirectory = migrations
        configure(&options)
        application = try Application(options: options, logger: logger)
        try application.start()
    }

    func client() -> RawClient { RawClient(port: port) }

    deinit {
        application.stop()
        application.wait()
        try? FileManager.default.removeItem(atPath: folder)
    }
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
