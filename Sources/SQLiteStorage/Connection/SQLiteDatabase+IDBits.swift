import CSQLite
import Contacts

extension SQLiteDatabase {
    /// The aggregate SQL function `roster_ids(x)`: sets bit `x` of the set being
    /// gathered (`ids(_:largest:parameters:)`) for every row, inside SQLite's loop over
    /// the rows, where stepping row by row would return to the caller for each.
    static let idFunction = "roster_ids"

    /// The ids `sql` passes to `roster_ids(x)`, none above `largest`, once `parameters`
    /// has bound its parameters.
    public func ids(_ sql: String, largest: Int, parameters: (SQLiteStatement) -> Void) throws -> ContactIDSet
    {
        let bits = try registeredIDBits()
        var words = [UInt64](repeating: 0, count: max(0, largest) / 64 + 1)
        try withStatement(sql) { statement in
            parameters(statement)
            try words.withUnsafeMutableBufferPointer { buffer in
                bits.pointee = IDBits(words: buffer.baseAddress, capacity: buffer.count)
                defer { bits.pointee = IDBits() }
                while try statement.step() {}
            }
        }
        return ContactIDSet(words: words)
    }

    /// This connection's `IDBits`, registering `roster_ids` on first use.
    private func registeredIDBits() throws -> UnsafeMutablePointer<IDBits> {
        if let idBits { return idBits }
        let bits = UnsafeMutablePointer<IDBits>.allocate(capacity: 1)
        bits.initialize(to: IDBits())
        let step: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
            context, _, values in
            guard let values, let raw = sqlite3_user_data(context) else { return }
            let bits = raw.assumingMemoryBound(to: IDBits.self).pointee
            let id = Int(sqlite3_value_int64(values[0]))
            guard id >= 0, id >> 6 < bits.capacity, let words = bits.words else { return }
            words[id >> 6] |= 1 << UInt64(id & 63)
        }
        let final: @convention(c) (OpaquePointer?) -> Void = { _ in }
        guard
            sqlite3_create_function_v2(
                handle, Self.idFunction, 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, bits, nil, step, final, nil)
                == SQLITE_OK
        else {
            bits.deallocate()
            throw SQLiteError.sqlite(
                code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
                sql: "create function \(Self.idFunction)")
        }
        idBits = bits
        return bits
    }
}
