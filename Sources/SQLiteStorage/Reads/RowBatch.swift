import Contacts
import Phones

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
    private(set) var lines: [UInt8] = []

    /// Rows in the batch.
    var count: Int { ends.count / Self.valuesPerRow }

    init(capacity: Int) {
        bytes.reserveCapacity(capacity * 100)
        ends.reserveCapacity(capacity * Self.valuesPerRow)
        lines.reserveCapacity(capacity)
    }

    /// Adds a row whose search text `document` appends to the buffer (the text
    /// `SearchText.document` gives for `fields`).
    mutating func append(key: ContactSortKey, fields: ContactFields, document: (inout [UInt8]) -> Void) {
        bytes.append(contentsOf: key.bytes)
        ends.append(bytes.count)
        for field in ContactField.allCases {
            switch fields[field] {
            case .text(let text): bytes.append(contentsOf: text.utf8)
            case .boolean(let value): bytes.append(value ? 1 : 0)
            }
            ends.append(bytes.count)
        }
        document(&bytes)
        ends.append(bytes.count)
        lines.append(UInt8(NoteLines.count(fields.notes)))
    }

    /// Runs `insert` once per row with `:id` (`firstID + position`, the position
    /// counting from `firstPosition`) and every field (`:first_name`...). Then `order`,
    /// when given, with `:sort_key`, `:id` and `:lines`, and `search`, when given, with
    /// `:id` and `:text` (the search text).
    /// Names are looked up once per call, not per row.
    func write(
        with insert: SQLiteStatement, order: SQLiteStatement? = nil, search: SQLiteStatement? = nil,
        firstPosition: Int, firstID: Int
    ) throws {
        let id = insert.parameter(":id")
        let fieldParameters = insert.fieldParameters
        let orderParameters = order.map {
            (key: $0.parameter(":sort_key"), id: $0.parameter(":id"), lines: $0.parameter(":lines"))
        }
        let searchParameters = search.map { (id: $0.parameter(":id"), text: $0.parameter(":text")) }
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            for row in 0..<count {
                let rowID = firstID + firstPosition + row
                insert.bind(rowID, to: id)
                for value in 0..<Self.valuesPerRow {
                    let end = ends[row * Self.valuesPerRow + value]
                    let pointer = base + start
                    let length = Int32(end - start)
                    if value == Self.valuesPerRow - 1 {
                        if let search, let searchParameters {
                            search.bind(rowID, to: searchParameters.id)
                            search.bindUncopied(pointer, count: length, to: searchParameters.text)
                        }
                    } else if value == 0 {
                        if let order, let orderParameters {
                            order.bind(Int(lines[row]), to: orderParameters.lines)
                            order.bind(rowID, to: orderParameters.id)
                            order.bindUncopied(pointer, count: length, asBlob: true, to: orderParameters.key)
                        }
                    } else if case .boolean = Self.kinds[value - 1] {
                        insert.bind(Int(pointer.load(as: UInt8.self)), to: fieldParameters[value - 1])
                    } else {
                        insert.bindUncopied(pointer, count: length, to: fieldParameters[value - 1])
                    }
                    start = end
                }
                try insert.run()
                try order?.run()
                try search?.run()
            }
        }
    }
}
