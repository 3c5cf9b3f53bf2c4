import Contacts
import Foundation
import Synchronization

/// The undo tokens of recent bulk actions (docs/api.md, "Bulk actions"): each names the
/// change that reverses one action and the contacts it changed, for
/// `ContactEdit.undoSeconds` (as long as a deleted contact's tombstone lasts), once.
/// Kept in this process's memory: a token is good on the server that answered it, until
/// it stops.
final class BulkUndoRegistry: Sendable {
    /// What a token undoes: `change` applied to `ids`.
    struct Entry: Equatable, Sendable {
        let change: BulkChange
        let ids: [Int]
        /// When the token stops working, in the clock's seconds.
        let expires: Int
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let clock: ContactEdit.Clock
    /// How long a token works, in seconds.
    let lifetime: Int

    init(clock: @escaping ContactEdit.Clock = ContactEdit.wallClock, lifetime: Int = ContactEdit.undoSeconds)
    {
        self.clock = clock
        self.lifetime = lifetime
    }

    /// A new token undoing `action` on `ids`: the reversed change, on them. Tokens past
    /// their time are forgotten first.
    func register(undoing action: BulkChange, ids: [Int]) -> String {
        let now = clock()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255) }
        let token = bytes.map { String(format: "%02x", $0) }.joined()
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now }
            entries[token] = Entry(change: action.reversed, ids: ids, expires: now + lifetime)
        }
        return token
    }

    /// The entry of `token`, taken (a token undoes once), or nil when it is unknown or past its time.
    func take(_ token: String) -> Entry? {
        let now = clock()
        return entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: token), entry.expires > now else { return nil }
            return entry
        }
    }

    /// Puts back a taken entry whose undo failed (the store refused it), so that it can be tried again.
    func putBack(_ token: String, _ entry: Entry) {
        entries.withLock { $0[token] = entry }
    }

    /// Tokens held.
    var count: Int { entries.withLock { $0.count } }
}
