import Contacts

/// The list order saved whole (`saved_order`, migration 0008): a start reads it as a
/// few blobs (5 bytes a contact) instead of stepping through every row of
/// `contact_order`, when it was saved at the data version the file is at.
extension SQLiteContactStore {
    /// Entries per saved part.
    static let savedPartEntries = 65_536
    /// Bytes per saved entry: the id (4, little-endian), then the notes lines.
    static let savedEntryBytes = 5

    /// Saves `state`'s order as the list of its version, inside a write transaction of
    /// its own (or the caller's), unless the file is at another version by then or
    /// that version's order is saved already. Returns whether it saved.
    @discardableResult
    public func saveOrder(_ state: ListState) throws -> Bool {
        let save = {
            guard try self.dataVersion() == state.version, try !self.orderSaved(at: state.version) else {
                return false
            }
            try self.saveOrder(version: state.version) { emit in
                state.order.forEachLeaf { leaf in
                    for entry in leaf { emit(Int(entry.id), Int(entry.lines)) }
                }
            }
            return true
        }
        return try database.inTransaction ? save() : database.transaction(.write, save)
    }

    /// Whether the saved order is of data version `version`.
    public func orderSaved(at version: Int) throws -> Bool {
        try database.integer("SELECT value FROM roster_meta WHERE key = 'order_saved_version'") == version
    }

    /// Saves the entries `entries` gives (id, notes lines, in list order) as the
    /// order of `version`, inside the caller's write transaction.
    func saveOrder(version: Int, _ entries: ((Int, Int) -> Void) -> Void) throws {
        try database.execute(
            "DELETE FROM saved_order; UPDATE roster_meta SET value = -1 WHERE key = 'order_saved_version'")
        var part: [UInt8] = []
        part.reserveCapacity(Self.savedPartEntries * Self.savedEntryBytes)
        var parts = 0
        var failure: (any Error)?
        func writePart() {
            guard failure == nil, !part.isEmpty else { return }
            do {
                try database.run("INSERT INTO saved_order (part, entries) VALUES (:part, :entries)") {
                    insert in
                    insert.bind(parts, to: ":part")
                    insert.bind(blob: part, to: ":entries")
                }
            } catch {
                failure = error
            }
            parts += 1
            part.removeAll(keepingCapacity: true)
        }
        entries { id, lines in
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: id).littleEndian) { part.append(contentsOf: $0) }
            part.append(UInt8(clamping: lines))
            if part.count == Self.savedPartEntries * Self.savedEntryBytes { writePart() }
        }
        writePart()
        if let failure { throw failure }
        try database.execute("UPDATE roster_meta SET value = \(version) WHERE key = 'order_saved_version'")
    }

    /// The saved order, when it is of `version` and holds `count` entries; nil otherwise.
    /// - Complexity: O(n), a few blobs read.
    func savedOrder(version: Int, count: Int) throws -> ListOrder? {
        guard try orderSaved(at: version) else { return nil }
        var order = ListOrder.Builder()
        var read = 0
        try database.withStatement("SELECT entries FROM saved_order ORDER BY part") { parts in
            while try parts.step() {
                parts.withBlob(at: 0) { bytes in
                    var offset = 0
                    while offset + Self.savedEntryBytes <= bytes.count {
                        let id = UInt32(
                            littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                        order.append(OrderEntry(id: Int(id), lines: Int(bytes[offset + 4])))
                        offset += Self.savedEntryBytes
                    }
                    read += bytes.count / Self.savedEntryBytes
                }
            }
        }
        return read == count ? order.order() : nil
    }

    /// Forgets the saved order (the order changed without a new data version).
    func forgetSavedOrder() throws {
        try database.execute(
            "DELETE FROM saved_order; UPDATE roster_meta SET value = -1 WHERE key = 'order_saved_version'")
    }
}
