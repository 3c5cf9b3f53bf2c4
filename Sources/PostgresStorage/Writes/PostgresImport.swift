import Contacts
import Phones

/// One import as one transaction, which single writes never wait for
/// (docs/import-export.md, "Writes beside an import"): MVCC keeps its rows invisible until it
/// commits, and it locks nothing they need until its last step. One import at a time on the
/// database (a transaction-scoped advisory lock, which single writes never take); ids come from the
/// sequence in blocks, as single inserts take theirs; contacts go in by COPY as they come. The last
/// step: a `replace` deletes the list that was; the list as it will be is read without the writers'
/// lock (the version row), then the lock is taken (waiting for writes in flight, a few
/// milliseconds), the list brought up to date with the writes logged since
/// (`PostgresReads.states`), a `merge`'s updates applied, and it commits. It logs no change:
/// servers find a version with no change logged and read the list whole.
final class PostgresImport: ImportWriting {
    let connection: PostgresConnection
    /// The data version this import commits, once its last step has the lock.
    var version = 0
    private var buffer: [UInt8] = []
    /// Ids taken from the sequence and not used yet, in order.
    private var ids: [Int] = []
    private var nextID = 0
    /// The ids this import's contacts have, as ranges in order.
    private(set) var ranges: [ClosedRange<Int>] = []
    private var finished = false
    private(set) var staged = 0
    private let mode: ImportMode
    /// The list's locale, which keys the rows merged here.
    let locale: ListLocale
    /// `merge`: the contacts rows are matched to, and the matched rows waiting for the COPY's end.
    var matches: MatchKeys
    var pending: [(id: Int, fields: ContactFields)] = []
    var updated = 0
    var unchanged = 0
    /// The photos' own connection (its COPY holds this one), opened at the first photo; a photo
    /// of an import that fails is collected later, as one no contact names.
    private var photos: PostgresPhotos?
    private let url: String

    /// COPY data sent a piece at a time (a file's memory stays flat).
    static let pieceBytes = 1 << 20
    /// Ids taken from the sequence at a time (a COPY ends for each block).
    static let idBlock = 16_384
    /// The advisory lock one import at a time holds.
    static let importLock = 2_027_062_701

    /// Where the rows' phones are read (the merge's keys, the merged contacts' search text).
    let region: PhoneRegion

    init(connection: PostgresConnection, url: String, mode: ImportMode, region: PhoneRegion) throws {
        self.connection = connection
        self.url = url
        self.mode = mode
        locale = PostgresLocale.of(connection)
        self.region = region
        matches = MatchKeys(region: region)
        try connection.begin(.write)
        do {
            let free = try connection.query(
                "SELECT CASE WHEN pg_try_advisory_xact_lock(\(Self.importLock)) THEN 1 ELSE 0 END")
            guard free.int(0, 0) == 1 else { throw ContactsError.busy }
            if mode == .merge { matches = try Self.matchKeys(connection, region: region) }
            try takeIDs()
            try connection.beginCopy(CopyLine.copySQL)
        } catch {
            try? connection.rollback()
            throw error
        }
        buffer.reserveCapacity(Self.pieceBytes + 4096)
    }

    deinit { rollback() }

    /// The next block of ids from the sequence (outside a COPY).
    private func takeIDs() throws {
        let block = try connection.query(
            "SELECT nextval('contact_ids') FROM generate_series(1, \(Self.idBlock))")
        ids = (0..<block.count).map { block.int($0, 0) }
        nextID = 0
    }

    /// The id of the next contact, from the block taken (ending the COPY to take
    /// another when it is used up).
    private func takeID() throws -> Int {
        if nextID == ids.count {
            if !buffer.isEmpty { try connection.copy(buffer) }
            buffer.removeAll(keepingCapacity: true)
            try connection.endCopy()
            try takeIDs()
            try connection.beginCopy(CopyLine.copySQL)
        }
        let id = ids[nextID]
        nextID += 1
        if let last = ranges.last, last.upperBound + 1 == id {
            ranges[ranges.count - 1] = last.lowerBound...id
        } else {
            ranges.append(id...id)
        }
        return id
    }

    /// Whether contact `id` is one this import added.
    func isOwn(_ id: Int) -> Bool { ranges.contains { $0.contains(id) } }

    /// Keeps a photo the next contacts name, committed at once on the photos' connection; a
    /// writer's collection leaves it while this import holds its lock.
    func keepPhoto(_ photo: StoredPhoto) throws {
        if photos == nil { photos = try PostgresPhotos(url: url) }
        try photos!.keep(photo, now: ContactEdit.wallClock())
    }

    func add(_ fields: ContactFields, key: ContactSortKey, document: String, line: Int) throws {
        guard !fields.isNameless else {
            throw ContactsError.invalidContact(index: line, problem: "needs a name, a company or an e-mail")
        }
        do {
            try PostgresEditor.storable(fields)
        } catch ContactsError.unstorable(let field) {
            throw ContactsError.invalidContact(
                index: line, problem: "holds the character U+0000 in \(field), which PostgreSQL cannot store")
        }
        if mode == .merge, let id = matches.match(fields) { return pending.append((id, fields)) }
        let id = try takeID()
        if mode == .merge { matches.remember(fields, id: id) }
        CopyLine.append(id: id, key: key.bytes, fields: fields, document: document, to: &buffer)
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
            if mode == .replace { try deleteTheList() }
            // The list as it will be, read before the lock; then the lock, and the writes since.
            let early = try listAsItIs()
            version = try connection.query(
                "UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version' RETURNING value"
            ).int(0, 0)
            // The ids taken and not used go back when no insert took one since (inserts
            // take theirs holding the version row, as this step does now).
            if let last = ids.last, nextID < ids.count {
                let used = nextID > 0 ? ids[nextID - 1] : ids[0] - 1
                try connection.query(
                    "SELECT CASE WHEN last_value = \(last) THEN setval('contact_ids', \(max(used, 1)), \(used > 0)) END FROM contact_ids"
                )
            }
            // The ids made visible now, for bulk actions of an earlier version (`id_marks`).
            for range in ranges {
                try connection.query(
                    "INSERT INTO id_marks (version, first_id, last_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                    [String(version), String(range.lowerBound), String(range.upperBound)])
            }
            var state: ListState?
            if mode == .replace {
                state = early  // the writes since were to the list it deleted
            } else if let early {
                state =
                    try PostgresReads(connection: connection, version: version - 1, locale: locale).states(
                        after: early)?.last
                    ?? (early.version == version - 1 ? early : nil)
            }
            try applyMerges(to: &state)
            let shown =
                try state
                ?? PostgresReads(connection: connection, version: version, locale: locale).listState()
            let final = ListState(version: version, sections: shown.sections, order: shown.order)
            try connection.execute("NOTIFY \(PostgresEditor.channel), '\(version)'")
            try prepare(final)
            try connection.commit()
            finished = true
            if staged >= 10_000 { try? connection.execute("ANALYZE contacts") }
            return final
        } catch {
            rollback()
            throw error
        }
    }

    /// The list at the data version this transaction sees now, with this import's
    /// contacts (nil when a write came in while it was read twice: the last step
    /// then reads it under the lock). Two reads of the version around it: every
    /// write moves the version, so the same one twice means the list is of it.
    private func listAsItIs() throws -> ListState? {
        for _ in 0..<3 {
            let before = try connection.query(PostgresReads.versionSQL).int(0, 0)
            let state = try PostgresReads(connection: connection, version: before, locale: locale).listState()
            if try connection.query(PostgresReads.versionSQL).int(0, 0) == before { return state }
        }
        return nil
    }

    /// `replace`: every contact but this import's goes (readers keep seeing them until the commit).
    private func deleteTheList() throws {
        let own = ranges.map { "id BETWEEN \($0.lowerBound) AND \($0.upperBound)" }.joined(separator: " OR ")
        try connection.execute("DELETE FROM contacts" + (own.isEmpty ? "" : " WHERE NOT (\(own))"))
    }

    func rollback() {
        guard !finished else { return }
        finished = true
        // A COPY still open ends with the transaction.
        try? connection.endCopyFailing()
        try? connection.rollback()
    }
}
