import Storage

/// `roster seed --db postgres://...`: synthetic contacts written with COPY, in
/// one transaction (readers see all or nothing), the same contacts in the same
/// order with the same ids as the SQLite store's seed.
public enum PostgresSeeder {
    /// Fills the empty database at `url` with `count` contacts drawn from `randomSeed`.
    /// - Parameter progress: called with the number written so far, every 100,000.
    /// - Throws: `StorageError.notEmpty` when it holds contacts.
    public static func seed(
        url: String, count: Int, randomSeed: UInt64, notesPercent: Int = SyntheticContacts.defaultNotesPercent,
        progress: ((Int) -> Void)? = nil
    ) throws {
        let connection = try PGConnection(url: url)
        try connection.transaction {
            // Takes the writers' lock first: no single write interleaves with the seed.
            try connection.query("UPDATE roster_meta SET value = value + 1 WHERE key = 'data_version'")
            let existing = try connection.query("SELECT count(*) FROM contacts").int(0, 0)
            guard existing == 0 else { throw StorageError.notEmpty(path: url, contacts: existing) }
            let first = try connection.query("SELECT nextval('contact_ids')").int(0, 0)
            try connection.beginCopy(
                "COPY contacts (id, sort_key, lines, search, \(ContactField.columnList)) FROM STDIN")
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            var written = 0
            try SyntheticContacts(seed: randomSeed, notesPercent: notesPercent).forEachInListOrder(count: count) {
                key, fields in
                appendLine(id: first + written, key: key.bytes, fields: fields, to: &buffer)
                written += 1
                if buffer.count >= 1 << 20 {
                    try connection.copy(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
                if written % 100_000 == 0 { progress?(written) }
            }
            if !buffer.isEmpty { try connection.copy(buffer) }
            try connection.endCopy()
            if count > 0 { try connection.query("SELECT setval('contact_ids', $1)", [String(first + count - 1)]) }
            try connection.execute("NOTIFY \(PostgresEditor.channel)")
        }
        try connection.execute("ANALYZE contacts")
    }

    /// One COPY text line: id, sort key, notes lines, search words, then every field.
    static func appendLine(id: Int, key: [UInt8], fields: ContactFields, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: String(id).utf8)
        buffer.append(9)
        buffer.append(contentsOf: "\\\\".utf8)  // bytea's `\x`, its backslash escaped for COPY
        buffer.append(contentsOf: key.byteaLiteral.utf8.dropFirst())
        buffer.append(9)
        buffer.append(UInt8(ascii: "0") + UInt8(NoteLines.count(fields.notes)))
        buffer.append(9)
        appendEscaped(SearchText.document(fields), to: &buffer)
        for field in ContactField.allCases {
            buffer.append(9)
            switch fields[field] {
            case .text(let text): appendEscaped(text, to: &buffer)
            case .boolean(let value): buffer.append(UInt8(ascii: value ? "t" : "f"))
            }
        }
        buffer.append(10)
    }

    /// `text` in COPY's text format: backslash, tab, line feed and carriage return escaped.
    static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [92, 92])
            case 9: buffer.append(contentsOf: [92, UInt8(ascii: "t")])
            case 10: buffer.append(contentsOf: [92, UInt8(ascii: "n")])
            case 13: buffer.append(contentsOf: [92, UInt8(ascii: "r")])
            default: buffer.append(byte)
            }
        }
    }
}
