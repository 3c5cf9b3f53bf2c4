import Contacts
import Foundation

/// One reader's connections to PostgreSQL: the primary, and a streaming replica
/// when `--read-db` names one.
///
/// Every request starts a read of its own (`pinLifetime` 0), so a read after any
/// server's write sees it (the README's read-your-writes): `pin()` asks the primary for
/// its data version, then reads from the replica only when the replica has
/// replayed that version, else from the primary. A replica that fails is left
/// alone for a second, reads going to the primary meanwhile.
public final class PostgresStore: ContactSource {
    private let primary: PGConnection
    private let replicaURL: String?
    private var replica: PGConnection?
    private var replicaRetry = 0.0
    /// The pinned read: its connection and version.
    private var reads: PostgresReads?

    /// Connects to `primaryURL` (and lazily to `replicaURL`).
    public init(primaryURL: String, replicaURL: String? = nil) throws {
        primary = try PGConnection(url: primaryURL)
        self.replicaURL = replicaURL
    }

    public var pinned: Bool { reads != nil }
    public var pinLifetime: Double { 0 }

    @discardableResult
    public func pin() throws -> Int {
        // The read before ends in the same round trip as the next one begins (or as the
        // primary is asked its version) when it was on the same connection: see
        // `PGConnection.begin(_:committingFirst:then:)` and `commit(then:)`.
        var open = reads?.connection
        reads = nil
        defer { if let open { try? open.commit() } }
        if let replicaURL, Date().timeIntervalSinceReferenceDate >= replicaRetry {
            // Outside any read of its own: a read still open there would give its old version.
            let endingPrimary = open === primary
            if endingPrimary { open = nil }
            let newest = try
                (endingPrimary
                ? primary.commit(then: PostgresReads.versionSQL) : primary.query(PostgresReads.versionSQL))
                .int(0, 0)
            do {
                let connection = try replica ?? PGConnection(url: replicaURL)
                replica = connection
                let ending = open === connection
                if ending { open = nil }
                if let version = try begin(on: connection, atLeast: newest, ending: ending) {
                    reads = PostgresReads(connection: connection, version: version)
                    return version
                }
            } catch ContactsError.unavailable {
                replica = nil
                replicaRetry = Date().timeIntervalSinceReferenceDate + 1
            } catch {
                // Anything else the replica says (a read its replay cancelled): the primary answers this one.
            }
        }
        let ending = open === primary
        if ending { open = nil }
        let version = try begin(on: primary, atLeast: 0, ending: ending)!
        reads = PostgresReads(connection: primary, version: version)
        return version
    }

    /// Begins a repeatable read on `connection` (first committing the read open on
    /// it when `ending`) and returns its version, or ends it and returns nil when
    /// that is older than `newest`.
    private func begin(on connection: PGConnection, atLeast newest: Int, ending: Bool) throws -> Int? {
        do {
            let version = try connection.begin(
                .snapshot, committingFirst: ending, then: PostgresReads.versionSQL
            ).int(0, 0)
            if version >= newest { return version }
            try connection.rollback()
            return nil
        } catch {
            try? connection.rollback()
            throw error
        }
    }

    public func release() throws {
        guard let reads else { return }
        self.reads = nil
        try reads.connection.commit()
    }

    private func current() throws -> PostgresReads {
        guard let reads else { throw ContactsError.unsupported("a PostgreSQL read outside pin()") }
        return reads
    }

    public func listState() throws -> ListState { try current().listState() }

    public func states(after known: ListState) throws -> [ListState]? { try current().states(after: known) }

    public func matches(_ words: [String], ids: ClosedRange<Int>?) throws -> ContactIDSet {
        try current().matches(words, ids: ids)
    }

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
        let ids = entries.map { Int($0.id) }
        let list = "{" + ids.map(String.init).joined(separator: ",") + "}"
        let result = try current().connection.prepared(
            "SELECT id, \(ContactField.columnList) FROM contacts WHERE id = ANY($1::bigint[])", [list])
        return PostgresRows(first: max(firstRow, 0), ids: ids, result: result)
    }
}

/// The contacts of a window's rows, from one answer of PostgreSQL, in row order.
final class PostgresRows: ContactRows {
    private let first: Int
    private let ids: [Int]
    private let result: PGResult
    /// The answer's row of each id.
    private let rowOfID: [Int: Int]
    private var row = -1

    init(first: Int, ids: [Int], result: PGResult) {
        self.first = first
        self.ids = ids
        self.result = result
        var rowOfID: [Int: Int] = [:]
        for row in 0..<result.count { rowOfID[result.int(row, 0)] = row }
        self.rowOfID = rowOfID
    }

    func move(to position: Int) throws -> Bool {
        let index = position - first
        guard index >= 0, index < ids.count, let row = rowOfID[ids[index]] else { return false }
        self.row = row
        return true
    }

    var id: Int { result.int(row, 0) }

    func bytes(_ field: ContactField) -> UnsafeBufferPointer<UInt8> { result.bytes(row, 1 + field.rawValue) }

    func bool(_ field: ContactField) -> Bool { result.bool(row, 1 + field.rawValue) }

    func close() { row = -1 }
}
