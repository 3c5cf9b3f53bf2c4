import Contacts

/// Reads of the list through one connection inside one transaction, which sees
/// data version `version`: the list whole, the states since a known one (from
/// `roster_changes`), a contact and its row.
///
/// Rows are not stored: a contact's row comes from binary search of an in-memory
/// `ListOrder` of the same version, reading one sort key per probe.
struct PostgresReads {
    let connection: PostgresConnection
    let version: Int
    /// The list's locale: its sections' titles.
    let locale: ListLocale

    static let versionSQL = "SELECT value FROM roster_meta WHERE key = 'data_version'"
    /// The columns of a contact read by id: revision, the fields, sort key.
    static let contactColumns = "revision, \(ContactField.columnList), sort_key"

    /// The list as the transaction sees it.
    /// - Complexity: O(n): one index-only scan of `contacts_order`.
    func listState() throws -> ListState {
        let result = try connection.query(
            """
            SELECT id, lines, revision, get_byte(sort_key, 0) * 256 + get_byte(sort_key, 1)
            FROM contacts ORDER BY sort_key, id
            """)
        var order = ListOrder.Builder()
        var rows = [Int](repeating: 0, count: locale.titles.count)
        for row in 0..<result.count {
            order.append(
                OrderEntry(
                    id: result.int(row, 0), revision: UInt32(truncatingIfNeeded: result.int(row, 2)),
                    lines: result.int(row, 1)))
            rows[min(result.int(row, 3), rows.count - 1)] += 1
        }
        return ListState(
            version: version, sections: SectionInfo.all(rows: rows, in: locale), order: order.order())
    }

    /// The changes logged after version `after` up to `through`, in version order.
    static let changesSQL = PostgresStatement { parameters in
        """
        SELECT version, id, old_key, new_key, lines FROM roster_changes
        WHERE version > \(parameters["after"]) AND version <= \(parameters["through"]) ORDER BY version
        """
    }

    /// One logged change: the write of data version `version` to contact `id`.
    struct Change {
        let version: Int
        let id: Int
        let oldKey: [UInt8]?
        let newKey: [UInt8]?
        let lines: Int
    }

    /// Most versions a server follows change by change; further behind, it reads the list whole.
    static let maxChanges = 512

    /// The states after `known`, one per version up to this read's, from the change
    /// log; nil when a version in between left no change (a seed or import) or
    /// there are too many.
    /// - Complexity: O(c log² n) key reads for c changes.
    func states(after known: ListState) throws -> [ListState]? {
        guard known.version < version else { return known.version == version ? [] : nil }
        guard version - known.version <= Self.maxChanges else { return nil }
        let result = try connection.query(
            Self.changesSQL, ["after": String(known.version), "through": String(version)])
        guard result.count == version - known.version else { return nil }
        let changes = (0..<result.count).map { row in
            Change(
                version: result.int(row, 0), id: result.int(row, 1),
                oldKey: result.isNull(row, 2) ? nil : result.bytea(row, 2),
                newKey: result.isNull(row, 3) ? nil : result.bytea(row, 3), lines: result.int(row, 4))
        }
        // A contact changed later in the batch had, before that change, the key the
        // change names as old; any other has the key this read sees.
        var later: [Int: [Change]] = [:]
        for change in changes { later[change.id, default: []].append(change) }
        var states: [ListState] = []
        var state = known
        for change in changes {
            let applied = try Self.applying(change, to: state) { id in
                if let next = later[id]?.first(where: { $0.version > change.version }) {
                    return next.oldKey ?? []
                }
                return try sortKey(of: id)
            }
            guard let applied else { return nil }
            state = applied.state
            states.append(state)
        }
        return states
    }

    /// `state` after `change`, and the row the changed contact is at (nil after a
    /// delete); nil when `state` does not hold the contact the change moves. The one
    /// way a list takes a single write: the writer's own, and every other server's
    /// from the log. `keyOf` gives any other contact's sort key at that version.
    /// - Complexity: O(log² n) plus O(log n) key reads.
    static func applying(
        _ change: Change, to state: ListState, keyOf: (Int) throws -> [UInt8]
    ) throws -> (state: ListState, row: Int?)? {
        // The changed contact is in `state` under its old key, whatever is stored now.
        let keys = { (id: Int) throws -> [UInt8] in id == change.id ? change.oldKey ?? [] : try keyOf(id) }
        let entry = OrderEntry(id: change.id, version: change.version, lines: change.lines)
        var next = state
        if let oldKey = change.oldKey {
            guard let row = try state.order.row(of: change.id, key: oldKey, keyOf: keys) else { return nil }
            if change.newKey == oldKey {
                return (state.replacing(at: row, with: entry, version: change.version), row)
            }
            next = state.removing(
                at: row, section: ContactSortKey(bytes: oldKey).section, version: change.version)
        }
        guard let newKey = change.newKey else { return (next, nil) }
        let row = try next.order.rank(ofKey: newKey, id: change.id, keyOf: keys)
        return (
            next.inserting(
                entry, at: row, section: ContactSortKey(bytes: newKey).section, version: change.version), row
        )
    }

    /// The contacts every word of `words` finds (docs/api.md, "Search"): the rules of
    /// `SearchText.match`, a word of 3 or more characters anywhere, a 1- or 2-character
    /// one at a word's start, as LIKE patterns on the
    /// folded words (words hold letters and digits only: nothing to escape).
    func matches(_ words: [String], ids: ClosedRange<Int>?) throws -> ContactIDSet {
        guard !words.isEmpty else { return ContactIDSet() }
        let patterns = Self.patterns(words)
        let range = ids.map { " AND id BETWEEN \($0.lowerBound) AND \($0.upperBound)" } ?? ""
        let result = try connection.query(
            "SELECT id FROM contacts WHERE "
                + patterns.indices.map { "search LIKE $\($0 + 1)" }.joined(separator: " AND ") + range,
            patterns)
        var ids = ContactIDSet()
        for row in 0..<result.count { ids.insert(result.int(row, 0)) }
        return ids
    }

    /// The LIKE pattern of each of `words` (see `matches(_:ids:)`).
    static func patterns(_ words: [String]) -> [String] {
        words.map { word in
            switch word.unicodeScalars.count {
            case 1: "%  \(word)%"
            case 2: "% \(word)%"
            default: "%\(word)%"
            }
        }
    }

    /// The contacts written by the versions after `after` up to this read's, or nil
    /// when one of them logged no change (a seed or an import wrote it).
    func changedIDs(after: Int) throws -> Set<Int>? {
        guard after < version else { return after == version ? [] : nil }
        let result = try connection.query(
            Self.changesSQL, ["after": String(after), "through": String(version)])
        guard result.count == version - after else { return nil }
        return Set((0..<result.count).map { result.int($0, 1) })
    }

    /// The searched words (`contacts.search`) of contacts `ids` as this read sees
    /// them: nil for one that is not there.
    func searchTexts(of ids: Set<Int>) throws -> [Int: [UInt8]?] {
        var texts: [Int: [UInt8]?] = Dictionary(uniqueKeysWithValues: ids.map { ($0, nil) })
        guard !ids.isEmpty else { return texts }
        let list = "{" + ids.map(String.init).joined(separator: ",") + "}"
        let result = try connection.query(
            "SELECT id, search FROM contacts WHERE id = ANY($1::bigint[])", [list])
        for row in 0..<result.count { texts[result.int(row, 0)] = Array(result.bytes(row, 1)) }
        return texts
    }

    /// The id the next new contact gets, without taking it: a bulk write (which
    /// holds the writers' lock, so no single write takes one meanwhile) takes a run
    /// of them with `setval` when it commits, so one that rolls back leaves no gap.
    static func nextID(_ connection: PostgresConnection) throws -> Int {
        let result = try connection.query("SELECT last_value, is_called FROM contact_ids")
        return result.int(0, 0) + (result.bool(0, 1) ? 1 : 0)
    }

    /// The sort key of contact `id` (empty when there is none).
    func sortKey(of id: Int) throws -> [UInt8] {
        let result = try connection.prepared("SELECT sort_key FROM contacts WHERE id = $1", [String(id)])
        return result.count == 0 ? [] : result.bytea(0, 0)
    }

    /// The row of contact `id`, whose key is `key`, in `order`, or nil.
    /// - Complexity: O(log² n) plus O(log n) key reads.
    func row(of id: Int, key: [UInt8], in order: ListOrder) throws -> Int? {
        try order.row(of: id, key: key, keyOf: sortKey(of:))
    }

    /// The stored contact `id` (position -1) and its sort key, or nil.
    func stored(_ id: Int, lock: Bool = false) throws -> (contact: Contact, key: [UInt8])? {
        let result = try connection.query(
            "SELECT \(Self.contactColumns) FROM contacts WHERE id = $1\(lock ? " FOR UPDATE" : "")",
            [String(id)])
        guard result.count == 1 else { return nil }
        return (
            Contact(
                id: id, position: -1, revision: result.int(0, 0), fields: Self.fields(result, row: 0, from: 1)
            ),
            result.bytea(0, 1 + ContactField.allCases.count)
        )
    }

    /// The contact with `id` and its row in `order`, or nil.
    func contact(id: Int, in order: ListOrder) throws -> Contact? {
        guard let (stored, key) = try stored(id), let row = try row(of: id, key: key, in: order) else {
            return nil
        }
        return Contact(id: id, position: row, revision: stored.revision, fields: stored.fields)
    }

    /// The fields of `row`, read from columns `first...` in column order.
    static func fields(_ result: PostgresResult, row: Int, from first: Int) -> ContactFields {
        var fields = ContactFields()
        for field in ContactField.allCases {
            let column = first + field.rawValue
            switch field.kind {
            case .text: fields[field] = .text(result.string(row, column))
            case .boolean: fields[field] = .boolean(result.bool(row, column))
            }
        }
        return fields
    }

    /// `fields` as text parameters, each by its column's name (see `PostgresStatement`).
    static func values(_ fields: ContactFields) -> [String: String?] {
        var values: [String: String?] = [:]
        for field in ContactField.allCases {
            switch fields[field] {
            case .text(let text): values[field.name] = text
            case .boolean(let value): values[field.name] = value ? "true" : "false"
            }
        }
        return values
    }
}

extension PostgresReads {
    /// The ids `sql` returns (its first column), with `parameters`.
    func ids(_ sql: String, _ parameters: [String?] = []) throws -> ContactIDSet {
        let result = try connection.query(sql, parameters)
        var ids = ContactIDSet()
        for row in 0..<result.count { ids.insert(result.int(row, 0)) }
        return ids
    }

    /// The starred contacts: the partial index `contacts_favorites`.
    func favorites() throws -> ContactIDSet {
        try ids("SELECT id FROM contacts WHERE favorite")
    }

    /// The contacts holding label `name` in any case, trimmed: the GIN index of
    /// `label_keys`, lowered by the server as the column is.
    func labelled(_ name: String) throws -> ContactIDSet {
        try ids("SELECT id FROM contacts WHERE label_keys @> ARRAY[lower($1)]", [ContactLabels.trimmed(name)])
    }

    /// Every label with the contacts holding it, by key.
    func labelCounts() throws -> [LabelCount] {
        let result = try connection.query(
            """
            SELECT min(name), count(*) FROM contacts, unnest(string_to_array(labels, E'\\n')) AS name
            WHERE labels <> '' GROUP BY lower(name) ORDER BY lower(name) COLLATE "C"
            """)
        return (0..<result.count).map { LabelCount(name: result.string($0, 0), count: result.int($0, 1)) }
    }
}
