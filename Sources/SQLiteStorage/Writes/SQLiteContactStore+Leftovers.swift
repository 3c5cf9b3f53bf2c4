import Contacts
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What imports leave behind and its cleanup. Nothing of it is visible (its ids are
/// in `import_ranges`, which readers leave out): the contacts an import moved into
/// the list before it failed, was cancelled or died with its process (with their
/// search texts, labels and places in the order), the contacts a `replace` import took out
/// of the list (ranges of owner 0), and the staging file of an import that died,
/// which holds the search texts it put into the index.
extension SQLiteContactStore {
    /// Whether the import that owns a range is over without having shown it: a token
    /// of this process that no longer runs, or a process that is gone. Owner 0 (a
    /// replaced list) is always to delete.
    static func isGone(owner: Int, pid: Int) -> Bool {
        if owner == 0 { return true }
        if pid == Int(ProcessInfo.processInfo.processIdentifier) { return !ImportTokens.isRunning(owner) }
        return kill(pid_t(truncatingIfNeeded: pid), 0) != 0 && errno == ESRCH
    }

    /// A range to clean up: its ids, its owner (0: a replaced list), the process that
    /// owned it, and the last of its ids whose search text is in the index.
    private struct Gone {
        let ids: ClosedRange<Int>
        let owner: Int
        let pid: Int
        let indexed: Int
    }

    /// The ranges to clean up now.
    private func goneRanges() throws -> [Gone] {
        try database.withStatement(
            "SELECT first_id, last_id, owner, pid, indexed FROM import_ranges ORDER BY first_id"
        ) { statement in
            var ranges: [Gone] = []
            while try statement.step() {
                let (owner, pid) = (statement.int(at: 2), statement.int(at: 3))
                if Self.isGone(owner: owner, pid: pid) {
                    ranges.append(
                        Gone(
                            ids: statement.int(at: 0)...statement.int(at: 1), owner: owner, pid: pid,
                            indexed: statement.int(at: 4)))
                }
            }
            return ranges
        }
    }

    /// At start, before serving: takes the contacts that imports which died while
    /// moving them into the list had moved out of `contacts` and the order again, so
    /// that every table counts what the sections count. Their search texts go in
    /// `collectImportLeftovers()`, from the staging file; when it is gone, here, from
    /// the contacts (what no contact holds any more stays in the index, never shown,
    /// its id never given again). A replaced list is left to that cleanup too.
    /// Returns how many contacts it took out.
    @discardableResult
    public func removeInterruptedImports() throws -> Int {
        try collectImportLeftovers(atStart: true)
    }

    /// Deletes what imports left (see above), in short transactions that single
    /// writes go between (`WriteSlices`): contacts, their search texts, labels
    /// (`contact_labels`) and places in the order, the staging files no range needs; then the index merges as usual
    /// again. One cleanup of a file at a time per process: a call while one runs
    /// returns at once. Returns how many contacts it removed.
    /// On a disk too full to take the texts out of the index (the staging files
    /// hold the space), the staging files of the imports that are gone are deleted
    /// first and the cleanup runs again without them: their texts stay in the index,
    /// never shown (their ids are never given again), as after a start that finds no
    /// staging file. Without `merging`, the index's segments are left to the writer's upkeep,
    /// which merges them while single writes pause (`SQLiteBackend.settleImport`).
    @discardableResult
    public func collectImportLeftovers(merging: Bool = true) throws -> Int {
        do {
            return try collectImportLeftovers(atStart: false, merging: merging)
        } catch ContactsError.storageFull {
            for range in try goneRanges() where range.owner != 0 {
                ImportStaging.delete(
                    ImportStaging.path(of: database.path, pid: range.pid, token: range.owner))
            }
            return try collectImportLeftovers(atStart: false, merging: merging)
        }
    }

    private func collectImportLeftovers(atStart: Bool, merging: Bool = true) throws -> Int {
        let path = database.path
        guard ImportTokens.collecting.withLock({ $0.insert(path).inserted }) else { return 0 }
        defer { _ = ImportTokens.collecting.withLock { $0.remove(path) } }
        let slices = writeSlices()
        defer { slices.rollback() }
        var removed = 0
        var attached: Int?
        defer { if attached != nil { detachLeftover() } }
        for range in try goneRanges() where !(atStart && range.owner == 0) {
            var staged = false
            if range.owner != 0 {
                if attached != range.owner {
                    try slices.commit()
                    if attached != nil { detachLeftover() }
                    attached = attachLeftover(pid: range.pid, token: range.owner) ? range.owner : nil
                }
                staged = attached == range.owner
            }
            removed += try collect(range, staged: staged, textsLater: atStart && staged, in: slices)
        }
        try slices.commit()
        if attached != nil {
            detachLeftover()
            attached = nil
        }
        if !atStart {
            try removeStagingLeftovers()
            if merging { try mergeSegments(in: slices) }
        }
        return removed
    }

    /// One range's contacts, a few hundred a step, the range shrinking as it goes (so
    /// a cleanup cut short goes on where it stopped), then the range itself. A text in
    /// the index is taken out by what it was made of: a replaced contact's fields; an
    /// import's staging row (`staged`), or else its contact's fields. With
    /// `textsLater`, only the contacts and their places go, the range kept for the texts.
    private func collect(_ range: Gone, staged: Bool, textsLater: Bool, in slices: WriteSlices) throws -> Int
    {
        var first = range.ids.lowerBound
        var removed = 0
        let replaced = range.owner == 0
        while first <= range.ids.upperBound {
            try slices.open()
            let last = min(first + 255, range.ids.upperBound)
            let contacts = try storedContacts(in: first...last)
            if !textsLater {
                let indexed = replaced ? first...last : first...max(first, min(last, range.indexed))
                let texts = staged ? try leftoverTexts(in: indexed) : [:]
                for (id, fields) in contacts where replaced || (!staged && id <= range.indexed) {
                    try unindex(id: id, fields: fields)
                }
                for (id, text) in texts where id <= range.indexed { try unindex(id: id, document: text) }
            }
            for (id, fields) in contacts {
                // An import's place in the order has the key of its fields as they are
                // folded now, or is not there yet; a replaced contact's may be older.
                if replaced {
                    try removeFromOrder(id: id, key: fields.sortKey(in: locale).bytes)
                } else {
                    try database.run("DELETE FROM contact_order WHERE sort_key = :key AND id = :id") {
                        $0.bind(blob: fields.sortKey(in: locale).bytes, to: ":key")
                        $0.bind(id, to: ":id")
                    }
                }
                try unlabel(id: id, fields.labels)
                try database.run("DELETE FROM contacts WHERE id = :id") { $0.bind(id, to: ":id") }
            }
            removed += contacts.count
            if !textsLater {
                try database.execute(
                    last == range.ids.upperBound
                        ? "DELETE FROM import_ranges WHERE first_id = \(first)"
                        : "UPDATE import_ranges SET first_id = \(last + 1) WHERE first_id = \(first)")
            }
            try slices.stepped(weight: 32)
            first = last + 1
        }
        return removed
    }

    /// The contacts stored with ids in `ids`, by id.
    func storedContacts(in ids: ClosedRange<Int>) throws -> [(Int, ContactFields)] {
        try database.rows(
            "SELECT id, \(ContactField.columnList) FROM contacts WHERE id BETWEEN :first AND :last ORDER BY id",
            in: ids
        ) { ($0.int(at: 0), $0.fields(from: 1)) }
    }
}
