/// The terms of a single contact write, shared by every store's editor
/// (`ContactEditing`).
public enum ContactEdit {
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
    /// The sort key of these fields, once they are found fit to store.
    /// - Throws: `ContactsError.namelessContact`, `.valueTooLong`.
    public func checkedSortKey() throws -> ContactSortKey {
        let key = sortKey
        guard !key.isNameless else { throw ContactsError.namelessContact }
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
