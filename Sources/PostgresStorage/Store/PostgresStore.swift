import Contacts
import Foundation

/// One reader's connections to PostgreSQL: the primary, and a streaming replica
/// when `--read-db` names one.
///
/// Every request starts a read of its own (`pinLifetime` 0), so a read after any server's write
/// sees it (read-your-writes: docs/operations.md, "Several servers"). `pin()` asks the primary for
/// its data version, then begins a read on the replica when the replica has replayed that version,
/// else on the primary. A window needs less (`newestVersion(sentBy:)` and `pin(at:)`): the
/// primary's version, often known from a query another request sent after this one was, then the
/// list the caller holds of that version and the rows from `PostgresRowCache`; a read begins only
/// when something else must be read, and must then see exactly that version. A replica that fails
/// is left alone for a second, reads going to the primary meanwhile.
public final class PostgresStore: ContactSource {
    let primary: PostgresConnection
    private let replicaURL: String?
    private var replica: PostgresConnection?
    private var replicaRetry = 0.0
    /// The read transaction open on one of the connections, if any, and its version.
    private var reads: PostgresReads?
    /// The version pinned: the open read's (`pin()`), or one whose list the caller
    /// holds (`pin(at:)`), which a read begun later must see exactly.
    private var version: Int?
    let cache: PostgresRowCache
    /// The list's locale, as the list had it when this store connected.
    public let locale: ListLocale
    private let fence: PostgresVersionFence?
    private let search: PostgresSearchIndex?

    /// Connects to `primaryURL` (and lazily to `replicaURL`); window rows are kept in
    /// `cache`, the primary's version is shared through `fence` (none: asked per
    /// request), and searches are matched in `search`'s texts (none: by PostgreSQL).
    public init(
        primaryURL: String, replicaURL: String? = nil, cache: PostgresRowCache = PostgresRowCache(),
        fence: PostgresVersionFence? = nil, search: PostgresSearchIndex? = nil
    ) throws {
        primary = try PostgresConnection(url: primaryURL)
        locale = PostgresLocale.of(primary)
        self.replicaURL = replicaURL
        self.cache = cache
        self.fence = fence
        self.search = search
    }

    public var pinned: Bool { version != nil }
    public var pinLifetime: Double { 0 }

    @discardableResult
    public func pin() throws -> Int {
        version = nil
        // The read before ends in the same round trip as the next one begins (or as the
        // primary is asked its version) when it was on the same connection: see
        // `PostgresConnection.begin(_:committingFirst:then:)` and `commit(then:)`.
        var open = reads?.connection
        reads = nil
        defer { if let open { try? open.commit() } }
        if let connection = usableReplica() {
            // Outside any read of its own: a read still open there would give its old version.
            let endingPrimary = open === primary
            if endingPrimary { open = nil }
            let newest = try
                (endingPrimary
                ? primary.commit(then: PostgresReads.versionSQL) : primary.query(PostgresReads.versionSQL))
                .int(0, 0)
            do {
                let ending = open === connection
                if ending { open = nil }
                let seen = try begin(on: connection, ending: ending)
                if seen >= newest {
                    reads = PostgresReads(connection: connection, version: seen, locale: locale)
                    version = seen
                    return seen
                }
                try connection.rollback()
            } catch {
                replicaFailed(error)
            }
        }
        let ending = open === primary
        if ending { open = nil }
        let seen = try begin(on: primary, ending: ending)
        reads = PostgresReads(connection: primary, version: seen, locale: locale)
        version = seen
        return seen
    }

    public func newestVersion(sentBy: UInt64) throws -> Int? {
        if let known = fence?.version(askedAfter: sentBy) { return known }
        let askedAt = fence?.now() ?? 0
        let newest: Int
        if let open = reads, open.connection === primary {
            // Outside the read open there (it would give its old version), in one round trip.
            reads = nil
            version = nil
            newest = try primary.commit(then: PostgresReads.versionSQL).int(0, 0)
        } else {
            newest = try primary.prepared(PostgresReads.versionSQL).int(0, 0)
        }
        fence?.record(newest, askedAt: askedAt)
        return newest
    }

    public func pin(at version: Int) throws {
        self.version = version
    }

    /// Begins a repeatable read on `connection` (first committing the read open on it
    /// when `ending`) and returns its version; the read stays open.
    private func begin(on connection: PostgresConnection, ending: Bool) throws -> Int {
        do {
            return try connection.begin(.snapshot, committingFirst: ending, then: PostgresReads.versionSQL)
                .int(0, 0)
        } catch {
            try? connection.rollback()
            throw error
        }
    }

    /// The replica's connection, unless there is none or it failed within the last second.
    private func usableReplica() -> PostgresConnection? {
        guard let replicaURL, Date().timeIntervalSinceReferenceDate >= replicaRetry else { return nil }
        if let replica { return replica }
        do {
            replica = try PostgresConnection(url: replicaURL)
        } catch {
            replicaFailed(error)
        }
        return replica
    }

    /// After `error` on the replica: one it cannot answer now leaves it alone for a second;
    /// anything else it says (a read its replay cancelled) lets the primary answer this one.
    private func replicaFailed(_ error: any Error) {
        if reads?.connection === replica, replica != nil { reads = nil }
        guard case ContactsError.unavailable = error else { return }
        replica = nil
        replicaRetry = Date().timeIntervalSinceReferenceDate + 1
    }

    public func release() throws {
        version = nil
        guard let reads else { return }
        self.reads = nil
        try reads.connection.commit()
    }

    /// The read of exactly the pinned version: the one open, or one begun now on the
    /// replica or the primary when either is at that version.
    /// - Throws: `ContactsError.versionGone` when both have moved past it.
    private func current() throws -> PostgresReads {
        guard let version else { throw ContactsError.unsupported("a PostgreSQL read outside pin()") }
        if let reads, reads.version == version { return reads }
        for connection in [usableReplica(), primary].compactMap({ $0 }) {
            let ending = reads?.connection === connection
            if ending { reads = nil }
            do {
                let seen = try begin(on: connection, ending: ending)
                if seen == version {
                    let opened = PostgresReads(connection: connection, version: seen, locale: locale)
                    reads = opened
                    return opened
                }
                try connection.rollback()
                if seen > version { break }
            } catch  where connection !== primary {
                replicaFailed(error)
            }
        }
        throw ContactsError.versionGone(version: version)
    }

    public func listState() throws -> ListState { try current().listState() }

    public func states(after known: ListState) throws -> [ListState]? { try current().states(after: known) }

    public func matches(_ words: [String], ids: ClosedRange<Int>?) throws -> ContactIDSet {
        let reads = try current()
        if !words.isEmpty, let texts = try search?.texts(at: reads) {
            return texts.matches(SearchTexts.patterns(words), ids: ids)
        }
        return try reads.matches(words, ids: ids)
    }

    public func favorites() throws -> ContactIDSet { try current().favorites() }

    public func labelled(_ name: String) throws -> ContactIDSet { try current().labelled(name) }

    public func labelCounts() throws -> [LabelCount] { try current().labelCounts() }

    public func contact(id: Int, in order: ListOrder) throws -> Contact? {
        try current().contact(id: id, in: order)
    }

    public func row(ofContact id: Int, in order: ListOrder) throws -> Int? {
        let reads = try current()
        let key = try reads.sortKey(of: id)
        return key.isEmpty ? nil : try reads.row(of: id, key: key, in: order)
    }

    public func sortKey(ofContact id: Int) throws -> [UInt8] {
        try current().sortKey(of: id)
    }

    public func rows(over entries: [OrderEntry], firstRow: Int) throws -> any ContactRows {
        var contacts = cache.rows(of: entries)
        var missing = contacts.indices.filter { contacts[$0] == nil }
        if !missing.isEmpty {
            var read: [CachedContact] = []
            if let reads, reads.version == version {
                // The read of exactly this version: what it has is the rows' (nothing is gone).
                read = try fill(&contacts, at: &missing, entries: entries, from: reads.connection)
            } else {
                read = try fillUnpinned(&contacts, at: &missing, entries: entries)
            }
            cache.keep(read)
        }
        return PostgresRows(first: max(firstRow, 0), contacts: contacts)
    }

    /// Fills the `missing` rows from statements outside any read (each sees the newest
    /// data of its server), keeping those at their entry's revision: the replica's
    /// first, then the primary's for the ones the replica has not replayed yet.
    /// - Throws: `ContactsError.versionGone` when a row was written (or deleted) after
    ///   the pinned version: its fields at that version are nowhere to be read.
    private func fillUnpinned(
        _ contacts: inout [CachedContact?], at missing: inout [Int], entries: [OrderEntry]
    ) throws -> [CachedContact] {
        var read: [CachedContact] = []
        for connection in [usableReplica(), primary].compactMap({ $0 }) where !missing.isEmpty {
            if let reads, reads.connection === connection {
                // A read of another version is open here: end it first.
                self.reads = nil
                try? connection.commit()
            }
            do {
                read += try fill(&contacts, at: &missing, entries: entries, from: connection)
            } catch  where connection !== primary {
                replicaFailed(error)
            }
        }
        if !missing.isEmpty, let version { throw ContactsError.versionGone(version: version) }
        return read
    }

    /// Reads the contacts of `entries` at `missing` on `connection`, fills those found at
    /// their entry's revision, and leaves in `missing` the rest; returns the rows filled.
    /// A row found at a newer revision than its entry's leaves only that one missing
    /// (the caller decides), and stops nothing.
    private func fill(
        _ contacts: inout [CachedContact?], at missing: inout [Int], entries: [OrderEntry],
        from connection: PostgresConnection
    ) throws -> [CachedContact] {
        let list = "{" + missing.map { String(entries[$0].id) }.joined(separator: ",") + "}"
        let result = try connection.prepared(Self.rowsSQL, [list])
        var byID: [Int: CachedContact] = [:]
        for row in 0..<result.count {
            let contact = CachedContact(result, row: row)
            byID[contact.id] = contact
        }
        var filled: [CachedContact] = []
        missing.removeAll { index in
            guard let contact = byID[Int(entries[index].id)], contact.matches(entries[index]) else {
                return false
            }
            contacts[index] = contact
            filled.append(contact)
            return true
        }
        return filled
    }

    /// The window fields of contacts by id, with their revisions.
    static let rowsSQL =
        "SELECT id, revision, \(CachedContact.columnList) FROM contacts WHERE id = ANY($1::bigint[])"
}
