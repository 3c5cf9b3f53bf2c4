import Contacts
import Phones

/// `roster seed --db postgres://...`: synthetic contacts written with COPY, in
/// one transaction (readers see all or nothing), the same contacts in the same
/// order with the same ids as the SQLite store's seed.
public enum PostgresSeeder {
    /// Fills the empty database at `url` with `count` contacts drawn from `randomSeed`,
    /// their phones read in `region` for the search text.
    /// - Parameter progress: called with the number written so far, every 100,000.
    /// - Throws: `ContactsError.notEmpty` when it holds contacts.
    public static func seed(
        url: String, count: Int, randomSeed: UInt64,
        notesPercent: Int = SyntheticContacts.defaultNotesPercent, region: PhoneRegion = .unitedStates,
        progress: ((Int) -> Void)? = nil
    ) throws {
        let connection = try PostgresConnection(url: url)
        let locale = PostgresLocale.of(connection)
        try connection.transaction(.write) {
            // Takes the writers' lock first: no single write interleaves with the seed.
            try connection.query("UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version'")
            let existing = try connection.query("SELECT count(*) FROM contacts").int(0, 0)
            guard existing == 0 else { throw ContactsError.notEmpty(path: url, contacts: existing) }
            let first = try PostgresReads.nextID(connection)
            try connection.beginCopy(CopyLine.copySQL)
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            var written = 0
            try SyntheticContacts(seed: randomSeed, notesPercent: notesPercent).forEachInListOrder(
                count: count, in: locale
            ) {
                key, fields in
                CopyLine.append(
                    id: first + written, key: key.bytes, fields: fields,
                    document: SearchText.document(fields, region: region),
                    to: &buffer)
                written += 1
                if buffer.count >= 1 << 20 {
                    try connection.copy(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
                if written % 100_000 == 0 { progress?(written) }
            }
            if !buffer.isEmpty { try connection.copy(buffer) }
            try connection.endCopy()
            if count > 0 {
                try connection.query("SELECT setval('contact_ids', $1)", [String(first + count - 1)])
            }
            try connection.execute("NOTIFY \(PostgresEditor.channel)")
        }
        try connection.execute("ANALYZE contacts")
    }
}
