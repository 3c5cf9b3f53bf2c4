import CSQLite
import Contacts

extension SQLiteContactStore {
    /// The list as this connection sees it now (inside a transaction, with its
    /// uncommitted changes): the order read from `contact_order`, whose primary key
    /// is (sort_key, id), less the contacts readers do not see (`HiddenIDs`).
    /// - Complexity: O(n), about 0.06 s for 1,000,000 contacts (`scripts/bench store`).
    /// The order comes from `saved_order` instead when it was saved at this version
    /// (a few blobs: about 0.1 s for 10,000,000 contacts).
    public func listState() throws -> ListState {
        let version = try dataVersion()
        let sections = try sections()
        // A saved order is of the list as shown (without hidden contacts) at its version.
        let order =
            try savedOrder(version: version, count: sections.reduce(0) { $0 + $1.rows })
            ?? { () throws -> ListOrder in
                let hidden = try hiddenIDs()
                return try readOrder { hidden.isEmpty || !hidden.contains($0) }
            }()
        return ListState(version: version, sections: sections, order: order)
    }

    /// The contacts of `contact_order` whose ids `keep` keeps, in order.
    /// - Complexity: O(n).
    func readOrder(keeping keep: (Int) -> Bool) throws -> ListOrder {
        try database.withStatement("SELECT id, lines FROM contact_order ORDER BY sort_key, id") { statement in
            var order = ListOrder.Builder()
            while try statement.step() {
                let id = statement.int(at: 0)
                if keep(id) { order.append(OrderEntry(id: id, lines: statement.int(at: 1))) }
            }
            return order.order()
        }
    }

    /// The row of contact `id`, whose sort key is `key`, in `order` (which must be
    /// this connection's view), or nil when `order` does not hold it.
    /// - Complexity: O(log² n) plus O(log n) key reads.
    func row(of id: Int, key: [UInt8], in order: ListOrder) throws -> Int? {
        try order.row(of: id, key: key, keyOf: sortKey(of:))
    }

    /// The row a contact with sort key `key` and id `id` goes to in `order`.
    func insertionRow(key: [UInt8], id: Int, in order: ListOrder) throws -> Int {
        try order.rank(ofKey: key, id: id, keyOf: sortKey(of:))
    }

    /// The sort key of contact `id`, from its names (empty when there is none).
    func sortKey(of id: Int) throws -> [UInt8] {
        let sql = "SELECT \(ContactField.nameColumns), details FROM contacts WHERE id = :id"
        return try database.withStatement(sql) { statement in
            statement.bind(id, to: ":id")
            guard try statement.step() else { return [] }
            return ContactFields(
                firstName: statement.string(at: 0), lastName: statement.string(at: 1),
                email: statement.string(at: 3), company: statement.string(at: 2),
                details: statement.string(at: 4)
            ).sortKey(in: locale).bytes
        }
    }
}

extension SQLiteContactStore {
    /// Adds a contact's place to the order: its sort key (`:sort_key`), id (`:id`)
    /// and notes lines (`:lines`).
    static let orderInsertSQL =
        "INSERT INTO contact_order (sort_key, id, lines) VALUES (:sort_key, :id, :lines)"

    /// Removes contact `id` (sort key `key`) from the order.
    func removeFromOrder(id: Int, key: [UInt8]) throws {
        try changeOrderRow("DELETE FROM contact_order", id: id, key: key)
    }

    /// Sets the notes lines of contact `id` (sort key `key`) in the order.
    func setLines(id: Int, key: [UInt8], lines: Int) throws {
        try changeOrderRow("UPDATE contact_order SET lines = :lines", id: id, key: key) {
            $0.bind(lines, to: ":lines")
        }
    }

    /// Runs `change` (a DELETE or UPDATE of `contact_order`, without its WHERE, with
    /// the parameters `bind` binds) on contact `id`'s row, found by its primary key
    /// (sort key `key`, id), or by id alone when the stored key is not as this version
    /// folds it (folding changed).
    private func changeOrderRow(
        _ change: String, id: Int, key: [UInt8], bind binding: (SQLiteStatement) -> Void = { _ in }
    ) throws {
        try database.run("\(change) WHERE sort_key = :sort_key AND id = :id") { statement in
            statement.bind(blob: key, to: ":sort_key")
            statement.bind(id, to: ":id")
            binding(statement)
        }
        if sqlite3_changes(database.handle) == 0 {
            try database.run("\(change) WHERE id = :id") { statement in
                statement.bind(id, to: ":id")
                binding(statement)
            }
        }
    }

    /// Adds contact `id` with sort key `key`, showing `lines` lines of notes, to the order.
    func addToOrder(id: Int, key: [UInt8], lines: Int) throws {
        try database.run(Self.orderInsertSQL) { statement in
            statement.bind(blob: key, to: ":sort_key")
            statement.bind(id, to: ":id")
            statement.bind(lines, to: ":lines")
        }
    }
}

extension SQLiteContactStore {
    /// The row of contact `id` in `order` (this connection's view), or nil when it
    /// does not exist.
    /// - Complexity: O(log² n) plus O(log n) key reads.
    public func row(ofContact id: Int, in order: ListOrder) throws -> Int? {
        let key = try sortKey(of: id)
        return key.isEmpty ? nil : try row(of: id, key: key, in: order)
    }

    public func sortKey(ofContact id: Int) throws -> [UInt8] {
        try sortKey(of: id)
    }
}
