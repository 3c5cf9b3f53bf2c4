import Contacts
import Phones

/// Single contact writes on the primary, each one transaction that takes the
/// `data_version` row's lock first (so writes from every server take turns and
/// each makes one version), logs its change in `roster_changes` for the other
/// servers, and tells them with `NOTIFY roster_version` (sent at commit).
///
/// An update keeps the fields it replaces in `contact_revisions`, a delete keeps
/// the contact in `deleted_contacts` (PostgresEditor+History.swift), as SQLite's
/// editor does.
public final class PostgresEditor: ContactEditing {
    let connection: PostgresConnection
    /// The time tombstones are stamped and judged by.
    let clock: ContactEdit.Clock
    /// When the last purge committed (`ContactEdit.purgeSeconds` apart at least).
    private var purgedAt = Int.min / 2
    /// The newest list this process holds, to follow from when `base` has not the
    /// version a write starts from (another server wrote since).
    private let newest: () -> ListState?
    /// The list's locale, as the list had it when this editor connected.
    let locale: ListLocale

    /// The channel servers LISTEN on; the payload is the new data version.
    public static let channel = "roster_version"

    /// Where the contacts' phones are read for their search text.
    let region: PhoneRegion

    /// An editor writing to the primary at `url`, reading phones in `region`.
    public init(
        url: String, clock: @escaping ContactEdit.Clock = ContactEdit.wallClock,
        region: PhoneRegion = .unitedStates, newest: @escaping () -> ListState?
    ) throws {
        self.region = region
        // A write waits at most this long for another (each holds the lock a few
        // milliseconds, an import only for its last step), then answers busy, as
        // SQLite's editor does.
        connection = try PostgresConnection(url: url, settings: ["lock_timeout=200ms"])
        locale = PostgresLocale.of(connection)
        self.clock = clock
        self.newest = newest
    }

    public func insert(
        _ fields: ContactFields, base: ContactEdit.Base, prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.Outcome {
        try transact(base: base, prepare: prepare) { reads, state, version in
            let key = try Self.checked(fields, in: locale)
            let id = try connection.query("SELECT nextval('contact_ids')").int(0, 0)
            try connection.query(
                "INSERT INTO id_marks (version, first_id, last_id) VALUES ($1, $2, $2)",
                [String(version), String(id)])
            return try store(
                Self.insertSQL, id: id, fields, key: key, oldKey: nil, version: version, state, reads)
        }
    }

    public func update(
        id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (ContactFields) throws -> ContactFields
    ) throws -> ContactEdit.Outcome {
        try edit(id: id, base: base, prepare: prepare) { old in
            try Self.check(old, ifRevision)
            return try change(old.fields)
        }
    }

    /// Changes contact `id` to what `change` makes of the stored contact, keeping the
    /// fields it replaces in the contact's history.
    func edit(
        id: Int, base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        change: (Contact) throws -> ContactFields
    ) throws -> ContactEdit.Outcome {
        try transact(base: base, prepare: prepare) { reads, state, version in
            let (old, oldKey) = try current(reads, id)
            let fields = try change(old)
            let key = try Self.checked(fields, in: locale)
            try keep(old)
            return try store(
                Self.updateSQL, id: id, fields, key: key, oldKey: oldKey, version: version, state, reads)
        }
    }

    public func delete(
        id: Int, ifRevision: Int?, base: ContactEdit.Base, prepare: ContactEdit.Prepare
    ) throws -> ContactEdit.Outcome {
        try transact(base: base, prepare: prepare) { reads, state, version in
            let (old, key) = try current(reads, id)
            try Self.check(old, ifRevision)
            try entomb(old)
            try connection.query("DELETE FROM contacts WHERE id = $1", [String(id)])
            let (next, _) = try apply(
                .init(version: version, id: id, oldKey: key, newKey: nil, lines: 0), to: state, reads)
            return (nil, next)
        }
    }

    // MARK: - One transaction

    /// Runs `body` in one write transaction with the list at the version before it
    /// and its own version; purges what is past undoing first, once a minute.
    func transact(
        base: ContactEdit.Base, prepare: ContactEdit.Prepare,
        _ body: (PostgresReads, ListState, Int) throws -> (Contact?, ListState)
    ) throws -> ContactEdit.Outcome {
        let now = clock()
        let purging = now - purgedAt >= ContactEdit.purgeSeconds
        let outcome = try connection.transaction(.write) {
            // The lock on this row orders writes from every server; statements after it
            // (read committed) see every write before this one.
            let version = try connection.query(
                "UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version' RETURNING value"
            ).int(0, 0)
            if purging { try purge() }
            let reads = PostgresReads(connection: connection, version: version - 1, locale: locale)
            let state = try base(version - 1) ?? following(reads) ?? reads.listState()
            let (contact, next) = try body(reads, state, version)
            try connection.execute("NOTIFY \(Self.channel), '\(version)'")
            try prepare(next)
            return ContactEdit.Outcome(contact: contact, state: next)
        }
        if purging { purgedAt = now }
        return outcome
    }

    /// The list at `reads.version`, followed from the newest one this process holds.
    private func following(_ reads: PostgresReads) throws -> ListState? {
        guard let known = newest(), known.version < reads.version else { return nil }
        return try reads.states(after: known)?.last
    }

    /// Logs `change` (stored already) for the other servers, and applies it to
    /// `state` as they will: the list after it, and the contact's row (nil after a
    /// delete). Now and then forgets changes older than any server follows change by
    /// change (`PostgresReads.maxChanges`).
    private func apply(
        _ change: PostgresReads.Change, to state: ListState, _ reads: PostgresReads
    ) throws -> (ListState, Int?) {
        try connection.query(
            Self.logSQL,
            [
                "version": String(change.version), "id": String(change.id),
                "old_key": change.oldKey?.byteaLiteral, "new_key": change.newKey?.byteaLiteral,
                "lines": String(change.lines),
            ])
        if change.version % Self.pruneEvery == 0 {
            try connection.query(
                "DELETE FROM roster_changes WHERE version <= $1",
                [String(change.version - 2 * PostgresReads.maxChanges)])
        }
        guard let applied = try PostgresReads.applying(change, to: state, keyOf: reads.sortKey(of:)) else {
            throw PostgresError.postgres(
                state: "", message: "contact \(change.id) is not in the list order", sql: nil)
        }
        return applied
    }

    /// Writes between two prunings of the change log.
    static let pruneEvery = 256

    /// Logs one change for the other servers.
    static let logSQL = PostgresStatement { parameters in
        let columns = ["version", "id", "old_key", "new_key", "lines"]
        return "INSERT INTO roster_changes (\(columns.joined(separator: ", "))) VALUES ("
            + columns.map { parameters[$0] }.joined(separator: ", ") + ")"
    }

    /// The columns a stored contact is written with, each a parameter of its own
    /// name: id, sort key, notes lines, revision, search words, then every field.
    private static let storedColumns =
        ["id", "sort_key", "lines", "revision", "search"] + ContactField.allCases.map(\.name)
    static let insertSQL = PostgresStatement { parameters in
        "INSERT INTO contacts (\(storedColumns.joined(separator: ", "))) VALUES ("
            + storedColumns.map { parameters[$0] }.joined(separator: ", ") + ")"
    }
    static let updateSQL = PostgresStatement { parameters in
        "UPDATE contacts SET "
            + storedColumns.dropFirst().map { "\($0) = \(parameters[$0])" }.joined(separator: ", ")
            + " WHERE id = \(parameters["id"])"
    }

    /// Writes contact `id` with `statement` (`insertSQL` or `updateSQL`), then logs and
    /// applies the change from `oldKey` (nil: new) to `key`.
    func store(
        _ statement: PostgresStatement, id: Int, _ fields: ContactFields, key: [UInt8], oldKey: [UInt8]?,
        version: Int,
        _ state: ListState, _ reads: PostgresReads
    ) throws -> (Contact?, ListState) {
        let lines = NoteLines.count(fields.notes)
        var values = PostgresReads.values(fields)
        values["id"] = String(id)
        values["sort_key"] = key.byteaLiteral
        values["lines"] = String(lines)
        values["revision"] = String(version)
        values["search"] = SearchText.document(fields, region: region)
        try connection.query(statement, values)
        let (next, row) = try apply(
            .init(version: version, id: id, oldKey: oldKey, newKey: key, lines: lines), to: state, reads)
        return (Contact(id: id, position: row ?? -1, revision: version, fields: fields), next)
    }

    /// The sort key of `fields`, once they are found fit to store here.
    static func checked(_ fields: ContactFields, in locale: ListLocale) throws -> [UInt8] {
        let key = try fields.checkedSortKey(in: locale).bytes
        try storable(fields)
        return key
    }

    /// Refuses text PostgreSQL cannot store: the character U+0000.
    static func storable(_ fields: ContactFields) throws {
        for field in ContactField.allCases where fields[text: field].utf8.contains(0) {
            throw ContactsError.unstorable(field: field.name)
        }
    }

    /// The stored contact `id` and its key, locked for this write.
    private func current(_ reads: PostgresReads, _ id: Int) throws -> (Contact, [UInt8]) {
        guard let (contact, key) = try reads.stored(id, lock: true) else {
            throw ContactsError.contactNotFound(id: id)
        }
        return (contact, key)
    }

    /// Refuses a stale `ifRevision` of `contact`.
    private static func check(_ contact: Contact, _ ifRevision: Int?) throws {
        if let ifRevision, ifRevision != contact.revision {
            throw ContactsError.staleRevision(id: contact.id, current: contact.revision)
        }
    }
}
