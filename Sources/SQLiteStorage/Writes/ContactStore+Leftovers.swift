import Contacts
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The imports running in this process, by token: a range of this process whose
/// token is not here was left by an import that failed or was cancelled.
enum ImportTokens {
    private static let running = Mutex<Set<Int>>([])
    /// The files a cleanup of this process runs on: one at a time per file.
    static let collecting = Mutex<Set<String>>([])

    static func begin(_ token: Int) { _ = running.withLock { $0.insert(token) } }
    static func end(_ token: Int) { _ = running.withLock { $0.remove(token) } }
    static func isRunning(_ token: Int) -> Bool { running.withLock { $0.contains(token) } }
}

/// What imports leave behind and its cleanup. Nothing of it is visible (its ids are
/// in `import_ranges`, which readers leave out): the contacts an import moved into
/// the list before it failed, was cancelled or died with its process (with their
/// search texts and places in the order), the contacts a `replace` import took out
/// of the list (ranges of owner 0), and the staging file of an import that died.
extension ContactStore {
    /// Whether the import that owns a range is over without having shown it: a token
    /// of this process that no longer runs, or a process that is gone. Owner 0 (a
    /// replaced list) is always to delete.
    static func isGone(owner: Int, pid: Int) -> Bool {
        if owner == 0 { return true }
        if pid == Int(ProcessInfo.processInfo.processIdentifier) { return !ImportTokens.isRunning(owner) }
        return kill(pid_t(truncatingIfNeeded: pid), 0) != 0 && errno == ESRCH
    }

    /// The ranges to clean up now, with their owners.
    private func goneRanges() throws -> [(ids: ClosedRange<Int>, owner: Int)] {
        try database.withStatement(
            "SELECT first_id, last_id, owner, pid FROM import_ranges ORDER BY first_id"
        ) {
            statement in
            var ranges: [(ClosedRange<Int>, Int)] = []
            while try statement.step() {
                let owner = statement.int(at: 2)
                if Self.isGone(owner: owner, pid: statement.int(at: 3)) {
                    ranges.append((statement.int(at: 0)...statement.int(at: 1), owner))
                }
            }
            return ranges
        }
    }

    /// At start, before serving: removes what imports that died while moving their
    /// contacts into the list had moved, so that every table counts what the sections
    /// count (as long as moving them had taken, at most). A replaced list is left to
    /// `collectImportLeftovers()`. Returns how many contacts it removed.
    @discardableResult
    public func removeInterruptedImports() throws -> Int {
        try collectImportLeftovers(replaced: false)
    }

    /// Deletes what imports left (see above), in short transactions that single
    /// writes go between (`WriteSlices`): contacts, their search texts and places in
    /// the order; then the index merges as usual again (an import killed before this
    /// version of Roster could leave that off). One cleanup of a file at a time per
    /// process: a call while one runs returns at once. Returns how many contacts it
    /// removed.
    @discardableResult
    public func collectImportLeftovers() throws -> Int {
        try collectImportLeftovers(replaced: true)
    }

    private func collectImportLeftovers(replaced: Bool) throws -> Int {
        let path = database.path
        guard ImportTokens.collecting.withLock({ $0.insert(path).inserted }) else { return 0 }
        defer { _ = ImportTokens.collecting.withLock { $0.remove(path) } }
        removeStagingLeftovers()
        let slices = WriteSlices(database: database, longest: longestSlice)
        defer { slices.rollback() }
        var removed = 0
        for range in try goneRanges() where replaced || range.owner != 0 {
            removed += try collect(range.ids, replaced: range.owner == 0, in: slices)
        }
        if replaced {
            try slices.open()
            try restoreMerging()
        }
        try slices.commit()
        return removed
    }

    /// One range's contacts, a few hundred a step, the range shrinking as it goes (so
    /// a cleanup cut short goes on where it stopped), then the range itself.
    private func collect(_ ids: ClosedRange<Int>, replaced: Bool, in slices: WriteSlices) throws -> Int {
        var first = ids.lowerBound
        var removed = 0
        while first <= ids.upperBound {
            try slices.open()
            let last = min(first + 255, ids.upperBound)
            for (id, fields) in try storedContacts(in: first...last) {
                try unindex(id: id, fields: fields)
                // An import's place in the order has the key of its fields as they are
                // folded now, or is not there yet; a replaced contact's may be older.
                if replaced {
                    try removeFromOrder(id: id, key: fields.sortKey.bytes)
                } else {
                    try database.run("DELETE FROM contact_order WHERE sort_key = :key AND id = :id") {
                        $0.bind(blob: fields.sortKey.bytes, to: ":key")
                        $0.bind(id, to: ":id")
                    }
                }
                try database.run("DELETE FROM contacts WHERE id = :id") { $0.bind(id, to: ":id") }
                removed += 1
            }
            try database.execute(
                last == ids.upperBound
                    ? "DELETE FROM import_ranges WHERE first_id = \(first)"
                    : "UPDATE import_ranges SET first_id = \(last + 1) WHERE first_id = \(first)")
            try slices.stepped(weight: 32)
            first = last + 1
        }
        return removed
    }

    /// The contacts stored with ids in `ids`, by id.
    func storedContacts(in ids: ClosedRange<Int>) throws -> [(Int, ContactFields)] {
        try database.withStatement(
            "SELECT id, \(ContactField.columnList) FROM contacts WHERE id BETWEEN :first AND :last ORDER BY id"
        ) { statement in
            statement.bind(ids.lowerBound, to: ":first")
            statement.bind(ids.upperBound, to: ":last")
            var found: [(Int, ContactFields)] = []
            while try statement.step() { found.append((statement.int(at: 0), statement.fields(from: 1))) }
            return found
        }
    }
}
