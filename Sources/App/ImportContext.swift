import Foundation
import HTTP
import Platform
import Storage
import Synchronization

/// What imports share: the database to write, the write rules, one-at-a-time,
/// and the catalog to refresh after a commit.
final class ImportContext: Sendable {
    let databasePath: String
    let adminToken: String?
    /// Listening on a non-loopback address without a token: writes are refused.
    let writesLocked: Bool
    let catalog: Catalog
    let gate = ImportGate()
    /// Gets one line per import and per refused write.
    let logger: Logger

    init(databasePath: String, adminToken: String?, host: String, catalog: Catalog, logger: Logger) {
        self.databasePath = databasePath
        self.adminToken = adminToken
        self.writesLocked = adminToken == nil && !Self.isLoopback(host)
        self.catalog = catalog
        self.logger = logger
    }

    /// API.md's write rule: a configured token must be presented as a Bearer token
    /// (the scheme's name in any case, RFC 9110 11.1); without one, only a loopback
    /// server accepts writes. A refusal is logged with what was refused.
    func authorize(_ head: RequestHead) throws {
        do {
            try refuseCrossSite(head)
            if let adminToken {
                guard let presented = Self.bearerToken(head.headers["Authorization"]),
                    Self.constantTimeEquals(presented, adminToken)
                else {
                    throw HTTPError.unauthorized(
                        scheme: "Bearer", "send Authorization: Bearer <admin token> to import")
                }
            } else if writesLocked {
                throw HTTPError(
                    403, "writes_disabled",
                    "this server listens on a public address without --admin-token, so it accepts no writes")
            }
        } catch let error as HTTPError {
            logger.log("roster: refused \(head.method) \(head.target.prefix(200)): \(error)")
            throw error
        }
    }

    /// The token of an `Authorization: Bearer <token>` field: the scheme matched
    /// without regard to case, spaces after it skipped; nil for another scheme.
    static func bearerToken(_ field: String?) -> Substring? {
        guard let field else { return nil }
        let trimmed = field.drop { $0 == " " || $0 == "\t" }
        guard trimmed.count > 6, trimmed.prefix(6).lowercased() == "bearer",
            let separator = trimmed.dropFirst(6).first, separator == " " || separator == "\t"
        else { return nil }
        let token = trimmed.dropFirst(6).drop { $0 == " " || $0 == "\t" }
        return token.isEmpty ? nil : token
    }

    /// A write sent by another site's page (cross-site request forgery) is refused:
    /// browsers say where a request comes from in `Sec-Fetch-Site` and `Origin`.
    /// Clients that send neither (curl, scripts) are not browsers and pass.
    func refuseCrossSite(_ head: RequestHead) throws {
        if let site = head.headers["Sec-Fetch-Site"]?.lowercased(),
            site == "cross-site" || site == "same-site"
        {
            throw HTTPError(403, "cross_site", "imports are accepted only from this server's own page")
        }
        if let origin = head.headers["Origin"], let host = head.headers["Host"] {
            let stripped =
                origin.hasPrefix("https://")
                ? origin.dropFirst(8) : origin.hasPrefix("http://") ? origin.dropFirst(7) : origin[...]
            if origin == "null" || stripped.lowercased() != host.lowercased() {
                throw HTTPError(
                    403, "cross_site",
                    "imports are accepted only from this server's own page, not from \(origin.prefix(100))")
            }
        }
    }

    /// A new connection for writing (migrations are applied already).
    /// Checkpoints are left to `settle(_:)`, after the answer has gone out, so a
    /// large import does not make its client wait for the copy into the database file.
    func openWriter() throws -> ContactStore {
        let store = try ContactStore(writingTo: databasePath)
        try store.database.execute("PRAGMA wal_autocheckpoint = 0")
        return store
    }

    /// Copies the write-ahead log into the database once readers have moved on to
    /// the new data (their pinned reads last at most about a second).
    func settle(_ store: ContactStore) {
        Thread.sleep(forTimeInterval: 1.5)
        try? store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    private static func constantTimeEquals(_ a: Substring, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}

/// One import at a time in this process.
final class ImportGate: Sendable {
    private let busy = Mutex(false)

    func begin() -> Bool {
        busy.withLock { busy in
            if busy { return false }
            busy = true
            return true
        }
    }

    func end() { busy.withLock { $0 = false } }
}
