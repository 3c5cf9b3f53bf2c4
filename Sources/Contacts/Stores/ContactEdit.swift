import Foundation

/// The terms of a single contact write, shared by every store's editor
/// (`ContactEditing`).
public enum ContactEdit {
    /// How many earlier revisions of a contact its history keeps
    /// (docs/api.md, "Merging an older revision's write": a write naming an older one with
    /// `Prefer: merge` is merged into the contact now).
    public static let keptRevisions = 10
    /// How long a deleted contact can be brought back, in seconds (docs/api.md, "Undo").
    public static let undoSeconds = 600
    /// How often a writer purges what is past undoing, at most, in seconds: a tombstone
    /// is gone within this long after `undoSeconds` (a restore judges by its time).
    public static let purgeSeconds = 60

    /// The time now, in whole seconds since 1970: the wall clock's, or a test's.
    public typealias Clock = @Sendable () -> Int
    /// The wall clock.
    public static let wallClock: Clock = { Int(Date().timeIntervalSince1970) }

    /// What a write leaves: the contact as written (nil after a delete) and the list.
    public struct Outcome: Sendable {
        /// The contact now, with its row and revision; nil when it was deleted.
        public let contact: Contact?
        /// The list after the write.
        public let state: ListState

        /// An outcome of its parts.
        public init(contact: Contact?, state: ListState) {
            self.contact = contact
            self.state = state
        }
    }

    /// The state of the list at a data version (which the caller may keep in memory).
    public typealias Base = (_ version: Int) throws -> ListState?
    /// Called with the next state inside the transaction, just before the commit.
    public typealias Prepare = (ListState) throws -> Void
}

extension ContactFields {
    /// The sort key of these fields in `locale`, once they are found fit to store.
    /// - Throws: `ContactsError.namelessContact`, `.valueTooLong`.
    public func checkedSortKey(in locale: ListLocale) throws -> ContactSortKey {
        guard !isNameless else { throw ContactsError.namelessContact }
        let key = sortKey(in: locale)
        if let (field, length, limit) = overLimit() {
            throw ContactsError.valueTooLong(field: field.name, length: length, limit: limit)
        }
        return key
    }
}

extension OrderEntry {
    /// The order entry of contact `id` written at data version `version`, showing
    /// `lines` lines of notes.
    public init(id: Int, version: Int, lines: Int) {
        self.init(id: id, revision: UInt32(truncatingIfNeeded: version), lines: lines)
    }
}
