import Contacts

/// The list's locale in the file (`list_locale`, migration 0011; docs/api.md, "The list's
/// locale"): which locale the keys and sections were made in, and making them again in another.
extension SQLiteContactStore {
    /// The stored tag and stamp, or nil for a list that has none yet.
    func storedLocale() throws -> (tag: String, stamp: String)? {
        try database.withStatement("SELECT tag, stamp FROM list_locale WHERE id = 1") { statement in
            try statement.step() ? (statement.string(at: 0), statement.string(at: 1)) : nil
        }
    }

    /// The locale the file's keys were made in (English for a file that names none).
    static func locale(of database: SQLiteDatabase) -> ListLocale {
        let tag = try? database.withStatement("SELECT tag FROM list_locale WHERE id = 1") { statement in
            try statement.step() ? statement.string(at: 0) : nil
        }
        return tag.flatMap { try? ListLocale.named($0) } ?? .english
    }

    /// Makes the list `locale`'s when its keys were made otherwise (another locale, another ICU, an
    /// older key format, or none recorded): every contact's sort key made again, the order and
    /// sections rewritten, in one transaction, so a kill meanwhile leaves the list as it was and
    /// the next start does it again. `progress` gets a line now and then. Returns whether it did.
    /// - Complexity: O(n log n); about 10 s for 1,000,000 contacts.
    @discardableResult
    public func settleLocale(_ locale: ListLocale, progress: (String) -> Void = { _ in }) throws -> Bool {
        if try storedLocale()?.stamp == locale.stamp {
            try adopt(locale)
            return false
        }
        try database.transaction(.write) {
            let count = try self.count()
            if try count > 0 || storedLocale() != nil {
                progress(
                    "roster: ordering \(count) contacts for the locale \(locale.tag) (ICU \(ListLocale.icuVersion))"
                )
            }
            try rebuildOrder(in: locale, progress: progress)
            // Sessions of a list that holds contacts start over; an empty one keeps its version.
            if count > 0 {
                try database.execute("UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version'")
            }
            try database.run("INSERT OR REPLACE INTO list_locale (id, tag, stamp) VALUES (1, :tag, :stamp)") {
                $0.bind(locale.tag, to: ":tag")
                $0.bind(locale.stamp, to: ":stamp")
            }
        }
        try adopt(locale)
        return true
    }

    /// `locale` as this connection's, and its phone region where the index records none yet.
    private func adopt(_ locale: ListLocale) throws {
        self.locale = locale
        if try indexedRegion() == nil { phoneRegion = locale.phoneRegion }
    }

    /// Every contact of the order keyed in `locale`, and the order and the sections written anew,
    /// inside the caller's transaction.
    private func rebuildOrder(in locale: ListLocale, progress: (String) -> Void) throws {
        let hidden = try hiddenIDs()
        var rows: [(key: [UInt8], id: Int, lines: Int)] = []
        var sections = [Int](repeating: 0, count: locale.titles.count)
        let sql = """
            SELECT o.id, o.lines, \(ContactField.nameColumns), c.details
            FROM contact_order o JOIN contacts c ON c.id = o.id
            """
        try database.withStatement(sql) { statement in
            while try statement.step() {
                let fields = ContactFields(
                    firstName: statement.string(at: 2), lastName: statement.string(at: 3),
                    email: statement.string(at: 5), company: statement.string(at: 4),
                    details: statement.string(at: 6))
                let key = fields.sortKey(in: locale)
                let id = statement.int(at: 0)
                if hidden.isEmpty || !hidden.contains(id) { sections[key.section] += 1 }
                rows.append((key.bytes, id, statement.int(at: 1)))
                if rows.count % 250_000 == 0 { progress("roster: keyed \(rows.count) contacts") }
            }
        }
        rows.sort { $0.key == $1.key ? $0.id < $1.id : $0.key.lexicographicallyPrecedes($1.key) }
        try database.execute("DELETE FROM contact_order")
        try beginPackedOrder()
        try database.withStatement(Self.packedOrderInsertSQL) { insert in
            for row in rows {
                insert.bind(blob: row.key, to: ":sort_key")
                insert.bind(row.id, to: ":id")
                insert.bind(row.lines, to: ":lines")
                try insert.run()
            }
        }
        try endPackedOrder()
        try database.execute("DELETE FROM sections")
        try database.withStatement("INSERT INTO sections (section, title) VALUES (:section, :title)") {
            insert in
            for (section, title) in locale.titles.enumerated() {
                insert.bind(section, to: ":section")
                insert.bind(title, to: ":title")
                try insert.run()
            }
        }
        try writeSections(rows: sections)
        try forgetSavedOrder()
    }
}
