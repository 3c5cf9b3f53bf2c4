import Contacts

/// The PostgreSQL store as an import's target: each import is one transaction on
/// its own connection to the primary.
public final class PostgresImporter: ImportTarget {
    private let connection: PGConnection

    /// Connects to the primary at `url`.
    public init(url: String) throws {
        // Another import (on any server) holds the lock for its whole length: wait a
        // little, then answer busy.
        connection = try PGConnection(url: url, settings: ["lock_timeout=2s"])
    }

    public func beginImport(mode: ImportMode) throws -> any ImportWriting {
        try PostgresImport(connection: connection, mode: mode)
    }

    public func count() throws -> Int {
        try connection.query("SELECT count(*) FROM contacts").int(0, 0)
    }
}

/// One import as one transaction: it takes the writers' lock (the version row)
/// first, so single writes from every server wait for it; in `.replace` mode it
/// deletes the list (readers keep seeing it until the commit); contacts go in by
/// COPY as they come, with ids in file order. It logs no change: servers find a
/// version with no change logged and read the list whole.
final class PostgresImport: ImportWriting {
    let connection: PGConnection
    let version: Int
    private var buffer: [UInt8] = []
    var firstID = 0
    private var finished = false
    private(set) var staged = 0
    private let mode: ImportMode
    /// `merge`: match key -> contact id, and the matched rows waiting for the COPY's end.
    var matches: [String: Int] = [:]
    var pending: [(id: Int, fields: ContactFields)] = []
    var updated = 0
    var unchanged = 0

    /// COPY data sent a piece at a time (a file's memory stays flat).
    static let pieceBytes = 1 << 20

    init(connection: PGConnection, mode: ImportMode) throws {
        self.connection = connection
        self.mode = mode
        try connection.begin(.write)
        do {
            version = try connection.query(
                "UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version' RETURNING value"
            ).int(0, 0)
            if mode == .replace { try connection.execute("DELETE FROM contacts") }
            firstID = try PostgresReads.nextID(connection)
            if mode == .merge { matches = try Self.matchKeys(connection) }
            try connection.beginCopy(CopyLine.copySQL)
        } catch {
            try? connection.rollback()
            throw error
        }
        buffer.reserveCapacity(Self.pieceBytes + 4096)
    }

    deinit { rollback() }

    func add(_ fields: ContactFields, key: ContactSortKey, document: String, line: Int) throws {
        guard !key.isNameless else {
            throw ContactsError.invalidContact(index: line, problem: "needs a name, a company or an e-mail")
        }
        do {
            try PostgresEditor.storable(fields)
        } catch ContactsError.unstorable(let field) {
            throw ContactsError.invalidContact(
                index: line, problem: "holds the character U+0000 in \(field), which PostgreSQL cannot store")
        }
        if mode == .merge {
            if let id = match(fields) { return pending.append((id, fields)) }
            remember(fields, id: firstID + staged)
        }
        CopyLine.append(id: firstID + staged, key: key.bytes, fields: fields, document: document, to: &buffer)
        staged += 1
        if buffer.count >= Self.pieceBytes {
            try connection.copy(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    func commit(prepare: (ListState) throws -> Void) throws -> ListState {
        precondition(!finished, "an import commits once")
        do {
            if !buffer.isEmpty { try connection.copy(buffer) }
            buffer = []
            try connection.endCopy()
            try applyMerges()
            if staged > 0 {
                try connection.query("SELECT setval('contact_ids', $1)", [String(firstID + staged - 1)])
            }
            let state = try PostgresReads(connection: connection, version: version).listState()
            try connection.execute("NOTIFY \(PostgresEditor.channel), '\(version)'")
            try prepare(state)
            try connection.commit()
            finished = true
            if staged >= 10_000 { try? connection.execute("ANALYZE contacts") }
            return state
        } catch {
            rollback()
            throw error
        }
    }

    func rollback() {
        guard !finished else { return }
        finished = true
        // A COPY still open ends with the transaction.
        try? connection.endCopyFailing()
        try? connection.rollback()
    }
}
