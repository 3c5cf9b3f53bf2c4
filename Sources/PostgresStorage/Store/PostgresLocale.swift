import Contacts

/// The list's locale in PostgreSQL (`list_locale`, migration 0005; docs/api.md, "The list's
/// locale"), as SQLite keeps it: reading it, and making every sort key again in another.
enum PostgresLocale {
    /// The stored tag and stamp, or nil for a list that has none yet.
    static func stored(_ connection: PostgresConnection) throws -> (tag: String, stamp: String)? {
        let result = try connection.query("SELECT tag, stamp FROM list_locale WHERE id = 1")
        return result.count == 0 ? nil : (result.string(0, 0), result.string(0, 1))
    }

    /// The locale the list's keys were made in (English when it names none).
    static func of(_ connection: PostgresConnection) -> ListLocale {
        (try? stored(connection)).flatMap { $0 }.flatMap { try? ListLocale.named($0.tag) } ?? .english
    }

    /// Makes the list `locale`'s when its keys were made otherwise (see
    /// `SQLiteContactStore.settleLocale`): every key made again in one transaction, which takes
    /// the writers' lock first, and the data version moved on, so every server reads the list
    /// whole. Returns whether it did.
    @discardableResult
    static func settle(
        _ locale: ListLocale, on connection: PostgresConnection, progress: (String) -> Void
    ) throws -> Bool {
        if try stored(connection)?.stamp == locale.stamp { return false }
        try connection.transaction(.write) {
            // The writers' lock first (the row every write changes), then a second look.
            try connection.query("SELECT value FROM roster_meta WHERE key = 'data_version' FOR UPDATE")
            guard try stored(connection)?.stamp != locale.stamp else { return }
            let all = try connection.query(
                "SELECT id, first_name, last_name, company, email, details FROM contacts ORDER BY id")
            if all.count > 0 {
                // Sessions of a list that holds contacts start over; an empty one keeps its version.
                try connection.query("UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version'")
                progress(
                    "roster: ordering \(all.count) contacts for the locale \(locale.tag) (ICU \(ListLocale.icuVersion))"
                )
            }
            try connection.execute(
                "CREATE TEMPORARY TABLE new_keys (id bigint PRIMARY KEY, key bytea NOT NULL) ON COMMIT DROP")
            var values: [String] = []
            func flush() throws {
                guard !values.isEmpty else { return }
                try connection.execute(
                    "INSERT INTO new_keys (id, key) VALUES " + values.joined(separator: ","))
                values.removeAll(keepingCapacity: true)
            }
            for row in 0..<all.count {
                let fields = ContactFields(
                    firstName: all.string(row, 1), lastName: all.string(row, 2), email: all.string(row, 4),
                    company: all.string(row, 3), details: all.string(row, 5))
                values.append("(\(all.int(row, 0)),'\(fields.sortKey(in: locale).bytes.byteaLiteral)')")
                if values.count == 2_000 { try flush() }
            }
            try flush()
            try connection.execute(
                "UPDATE contacts SET sort_key = new_keys.key FROM new_keys WHERE contacts.id = new_keys.id")
            try connection.query(
                """
                INSERT INTO list_locale (id, tag, stamp) VALUES (1, $1, $2)
                ON CONFLICT (id) DO UPDATE SET tag = excluded.tag, stamp = excluded.stamp
                """, [locale.tag, locale.stamp])
            try connection.execute("NOTIFY \(PostgresEditor.channel)")
        }
        return true
    }
}
