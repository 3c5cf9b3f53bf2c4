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
/// in `import_ranges`, which readers leave out): the contacts, places and search
/// texts of an import that failed, was cancelled or died with its process, and
/// the contacts a `replace` import took out of the list (ranges of owner 0).
extension ContactStore {
    /// Whether the import that owns a range is over without having shown it: a token
    /// of this process that no longer runs, or a process that is gone. Owner 0 (a
    /// replaced list) is always to delete.
    static func isGone(owner: Int, pid: Int) -> Bool {
        if owner == 0 { return true }
        if pid == Int(ProcessInfo.processInfo.processIdentifier) { return !ImportTokens.isRunning(owner) }
        return kill(pid_t(truncatingIfNeeded: pid), 0) != 0 && errno == ESRCH
    }

    /// The ranges to clean up now: (first, last, owner, pid).
    private func goneRanges() throws -> [(ids: ClosedRange<Int>, owner: Int, pid: Int)] {
        try database.withStatement(
            "SELECT first_id, last_id, owner, pid FROM import_ranges ORDER BY first_id"
        ) {
            statement in
            var ranges: [(ClosedRange<Int>, Int, Int)] = []
            while try statement.step() {
                let (owner, pid) = (statement.int(at: 2), statement.int(at: 3))
                if Self.isGone(owner: owner, pid: pid) {
                    ranges.append((statement.int(at: 0)...statement.int(at: 1), owner, pid))
                }
            }
            return ranges
        }
    }

    /// At start, before serving: takes the contacts that imports which died while
    /// moving them into the list had moved out of `contacts` and the order again, so
    /// that every table counts what the sections count. Their search texts are left
    /// to `collectImportLeftovers()`. Returns how many it took out.
    @discardableResult
    public func removeInterruptedImports() throws -> Int {
        let ranges = try goneRanges().filter { $0.owner != 0 }
        guard !ranges.isEmpty else { return 0 }
        var removed = 0
        try database.transaction(.write) {
            for range in ranges {
                for (id, fields) in try storedContacts(in: range.ids, limit: Int.max) {
                    try removeFromOrder(id: id, key: fields.sortKey.bytes)
                    try database.execute("DELETE FROM contacts WHERE id = \(id)")
                    removed += 1
                }
            }
        }
        return removed
    }

    /// Deletes what imports left (see above), in short transactions that single
    /// writes go between (`WriteSlices`): contacts, places in the order, search
    /// texts, the tables of texts; then the index merges as usual again once no
    /// import runs. One cleanup of a file at a time per process: a call while one
    /// runs returns at once. Returns how many contacts' leftovers it removed.
    @discardableResult
    public func collectImportLeftovers() throws -> Int {
        let path = database.path
        guard ImportTokens.collecting.withLock({ $0.insert(path).inserted }) else { return 0 }
        defer { _ = ImportTokens.collecting.withLock { $0.remove(path) } }
        let slices = WriteSlices(database: database)
        defer { slices.rollback() }
        var removed = 0
        for range in try goneRanges() {
            removed += try collect(range.ids, owner: range.owner, pid: range.pid, in: slices)
        }
        try dropForgottenTexts(in: slices)
        try slices.commit()
        return removed
    }

    /// One range's leftovers, a few hundred contacts a step, the range shrinking as
    /// it goes (so a cleanup cut short goes on where it stopped), then the range.
    private func collect(_ ids: ClosedRange<Int>, owner: Int, pid: Int, in slices: WriteSlices) throws -> Int
    {
        let texts = "\(ContactImport.textsPrefix)\(pid)_\(owner)"
        let hasTexts = try owner != 0 && database.tableExists(texts)
        var first = ids.lowerBound
        var removed = 0
        while first <= ids.upperBound {
            try slices.open()
            let last = min(first + 255, ids.upperBound)
            let stored = try storedContacts(in: first...last, limit: Int.max)
            for (id, fields) in stored {
                try removeFromOrder(id: id, key: fields.sortKey.bytes)
                try database.execute("DELETE FROM contacts WHERE id = \(id)")
                // A replaced contact's text is its fields'; an import's is in its table.
                if !hasTexts { try unindex(id: id, fields: fields) }
            }
            if hasTexts {
                removed += try unindexTexts(of: texts, in: first...last)
            } else {
                removed += stored.count
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

    /// Takes the texts of `table` (an import's) with ids in `ids` out of the index and the table.
    private func unindexTexts(of table: String, in ids: ClosedRange<Int>) throws -> Int {
        let texts = try database.withStatement(
            "SELECT id, text FROM \(table) WHERE id BETWEEN :first AND :last ORDER BY id"
        ) { statement in
            statement.bind(ids.lowerBound, to: ":first")
            statement.bind(ids.upperBound, to: ":last")
            var texts: [(Int, String)] = []
            while try statement.step() { texts.append((statement.int(at: 0), statement.string(at: 1))) }
            return texts
        }
        for (id, text) in texts { try unindex(id: id, document: text) }
        try database.execute("DELETE FROM \(table) WHERE id BETWEEN \(ids.lowerBound) AND \(ids.upperBound)")
        return texts.count
    }

    /// Drops the tables of texts no range needs any more (their import was shown, or
    /// is gone and cleaned up), and lets the index merge as usual once no import runs.
    private func dropForgottenTexts(in slices: WriteSlices) throws {
        try slices.open()
        let tables = try database.withStatement(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'import\\_search\\_%' ESCAPE '\\'"
        ) { statement in
            var names: [String] = []
            while try statement.step() { names.append(statement.string(at: 0)) }
            return names
        }
        var running = false
        for name in tables {
            let parts = name.dropFirst(ContactImport.textsPrefix.count).split(separator: "_")
            guard parts.count == 2, let pid = Int(parts[0]), let owner = Int(parts[1]) else { continue }
            if Self.isGone(owner: owner, pid: pid) {
                let ranges =
                    try database.integer("SELECT count(*) FROM import_ranges WHERE owner = \(owner)") ?? 0
                if ranges == 0 { try database.execute("DROP TABLE \(name)") }
            } else {
                running = true
            }
        }
        if !running { try restoreMerging() }
        try slices.commit()
    }

    /// The contacts stored with ids in `ids`, by id, at most `limit`.
    func storedContacts(in ids: ClosedRange<Int>, limit: Int) throws -> [(Int, ContactFields)] {
        try database.withStatement(
            "SELECT id, \(ContactField.columnList) FROM contacts WHERE id BETWEEN :first AND :last ORDER BY id"
        ) { statement in
            statement.bind(ids.lowerBound, to: ":first")
            statement.bind(ids.upperBound, to: ":last")
            var found: [(Int, ContactFields)] = []
            while found.count < limit, try statement.step() {
                found.append((statement.int(at: 0), statement.fields(from: 1)))
            }
            return found
        }
    }
}
