import Contacts
import Synchronization

/// The last single writes of this process to each file, as changes (`ListChange`):
/// an import that read the list it will show without the lock brings that list up
/// to date with the writes that went in since, in O(log n) each, instead of
/// reading it all again while it holds the lock (O(n): a tenth of a second for
/// 300,000 contacts here, which a write would wait).
enum ChangeLog {
    private static let changes = Mutex<[String: [ListChange]]>([:])
    /// Changes kept per file.
    static let kept = 256

    /// Records the change a write to `path` makes, before it commits (one that does
    /// not commit is replaced by the next write of its version, or forgotten).
    static func record(_ change: ListChange, for path: String) {
        changes.withLock { all in
            var list = all[path, default: []]
            list.removeAll { $0.version >= change.version }
            list.append(change)
            if list.count > kept { list.removeFirst(list.count - kept) }
            all[path] = list
        }
    }

    /// Forgets the change of a write to `path` that did not commit.
    static func forget(_ change: ListChange, for path: String) {
        changes.withLock { all in all[path]?.removeAll { $0 == change } }
    }

    /// The changes of the versions after `first` up to `last`, in order, when every
    /// one of them is known here (none was made by another process, or forgotten).
    static func changes(for path: String, after first: Int, upTo last: Int) -> [ListChange]? {
        guard last > first else { return [] }
        return changes.withLock { all in
            let found = (all[path] ?? []).filter { $0.version > first && $0.version <= last }
            return found.map(\.version) == Array((first + 1)...last) ? found : nil
        }
    }
}

extension ListState {
    /// This list with `changes` applied in order, at the version of the last.
    /// `keyOf` gives the sort key a contact has now; a contact the changes touch is
    /// compared by the key it has at each step instead.
    /// - Throws: `ContactsError.inconsistent` when a changed contact is not where its key says.
    func applying(_ changes: [ListChange], keyOf: (Int) throws -> [UInt8]) throws -> ListState {
        var keys: [Int: [UInt8]?] = [:]
        for change in changes where keys[change.id] == nil { keys[change.id] = .some(change.oldKey) }
        let key = { (id: Int) throws -> [UInt8] in
            if let known = keys[id] { return known ?? [] }
            return try keyOf(id)
        }
        var state = self
        for change in changes {
            if let old = change.oldKey {
                guard let row = try state.order.row(of: change.id, key: old, keyOf: key) else {
                    throw ContactsError.inconsistent("contact \(change.id) is not in the list order")
                }
                state = state.removing(
                    at: row, section: ContactSortKey(bytes: old).section, version: change.version)
            }
            keys[change.id] = .some(nil)
            if let new = change.newKey {
                let row = try state.order.rank(ofKey: new, id: change.id, keyOf: key)
                state = state.inserting(
                    OrderEntry(id: change.id, version: change.version, lines: change.lines), at: row,
                    section: ContactSortKey(bytes: new).section, version: change.version)
                keys[change.id] = .some(new)
            }
        }
        return state
    }
}
