import CSQLite
import Contacts

/// Contacts encoded back to back in one buffer (sort key, then every field in
/// `ContactField` order, then the search text, per row; a boolean is one byte, 0 or 1), made on one thread and written on another. Writing binds slices of
/// the buffer without copying (SQLITE_STATIC) while the buffer is alive, so bulk
/// writes allocate nothing per row.
struct RowBatch: Sendable {
    /// Values per row: the sort key, every field and the search text.
    static let valuesPerRow = 2 + ContactField.allCases.count

    private static let kinds = ContactField.allCases.map(\.kind)

    private var bytes: [UInt8] = []
    /// End offset of each value in `bytes`, `valuesPerRow` per row.
    private var ends: [Int] = []
    /// Each row's notes lines (`NoteLines`).
    private var lines: [UInt8] = []

    /// Rows in the batch.
    var count: Int { ends.count / Self.valuesPerRow }

    init(capacity: Int) {
        bytes.reserveCapacity(capacity * 100)
        ends.reserveCapacity(capacity * Self.valuesPerRow)
        lines.reserveCapacity(capacity)
    }

    mutating func append(key: ContactSortKey, fields: ContactFields) {
        bytes.append(contentsOf: key.bytes)
        ends.append(bytes.count)
        for field in ContactField.allCases {
            switch fields[field] {
            case .text(let text): bytes.append(contentsOf: text.utf8)
            case .boolean(let value): bytes.append(value ? 1 : 0)
            }
            ends.append(bytes.count)
        }
        bytes.append(contentsOf: SearchText.document(fields).utf8)
        ends.append(bytes.count)
        lines.append(UInt8(NoteLines.count(fields.notes)))
    }

    /// Runs `statement` once per row: parameter 1 is the row's position (`firstPosition`
    /// onward), 2 its id (`firstID + position`), 3 the sort key, 4... the fields in
    /// column order (the statement may leave parameters unused). Then `order`, when
    /// given, with the notes lines (1), the id (2) and the sort key (3), and `search`, when given, with
    /// the id (1) and the search text (2).
    func write(
        with statement: Statement, order: Statement? = nil, search: Statement? = nil, firstPosition: Int,
        firstID: Int
    ) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            for row in 0..<count {
                let position = firstPosition + row
                statement.bind(position, at: 1)
                statement.bind(firstID + position, at: 2)
                for value in 0..<Self.valuesPerRow {
                    let end = ends[row * Self.valuesPerRow + value]
                    let pointer = base + start
                    let length = Int32(end - start)
                    if value == Self.valuesPerRow - 1 {
                        if let search {
                            search.bind(firstID + position, at: 1)
                            sqlite3_bind_text(
                                search.handle, 2, pointer.assumingMemoryBound(to: CChar.self), length,
                                roster_sqlite_static())
                        }
                    } else if value == 0 {
                        sqlite3_bind_blob(statement.handle, 3, pointer, length, roster_sqlite_static())
                        if let order {
                            order.bind(Int(lines[row]), at: 1)
                            order.bind(firstID + position, at: 2)
                            sqlite3_bind_blob(order.handle, 3, pointer, length, roster_sqlite_static())
                        }
                    } else if case .boolean = Self.kinds[value - 1] {
                        statement.bind(Int(pointer.load(as: UInt8.self)), at: Int32(3 + value))
                    } else {
                        sqlite3_bind_text(
                            statement.handle, Int32(3 + value), pointer.assumingMemoryBound(to: CChar.self),
                            length, roster_sqlite_static())
                    }
                    start = end
                }
                try statement.run()
                try order?.run()
                try search?.run()
            }
        }
    }
}
