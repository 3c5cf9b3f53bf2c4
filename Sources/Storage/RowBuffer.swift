import CSQLite

/// One reusable buffer holding a contact's sort key and fields back to back, bound
/// to an insert without copies (SQLITE_STATIC) and kept alive until the row is
/// written: bulk writes then allocate nothing per row.
struct RowBuffer {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// Binds `key` to parameter 3 and the seven fields to 4...10 of `statement`, then runs it.
    mutating func insert(key: ContactSortKey, fields: ContactFields, with statement: Statement) throws {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: key.bytes)
        ends.append(bytes.count)
        for field in fields.csvRecord {
            bytes.append(contentsOf: field.utf8)
            ends.append(bytes.count)
        }
        let ends = self.ends
        try bytes.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!
            _ = sqlite3_bind_blob(statement.handle, 3, base, Int32(ends[0]), roster_sqlite_static())
            for field in 1..<ends.count {
                let start = ends[field - 1]
                _ = sqlite3_bind_text(
                    statement.handle, Int32(field + 3), (base + start).assumingMemoryBound(to: CChar.self),
                    Int32(ends[field] - start), roster_sqlite_static())
            }
            try statement.run()
        }
    }
}
