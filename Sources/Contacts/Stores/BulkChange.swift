/// What one bulk write does to each contact it names (docs/api.md, "Bulk actions"): all of
/// them in one transaction that makes one data version, so a live list sees one change.
public enum BulkChange: Sendable, Equatable {
    /// Stars (true) or unstars (false) each contact.
    case favorite(Bool)
    /// Gives each contact the label (trimmed, checked), after its others.
    case addLabel(String)
    /// Takes the label (compared in any case) off each contact.
    case removeLabel(String)
    /// Deletes each contact, keeping it as a tombstone (`ContactEditing.restore`).
    case delete
    /// Brings each contact back from its tombstone: the undo of `delete`.
    case restore

    /// The fields after this change of a contact holding `fields`, or nil when it
    /// changes nothing there (already starred, already labelled, not labelled).
    /// Not for `delete` and `restore`, which change the contact's presence.
    /// - Throws: `ContactsError.valueTooLong` when a label would be one over the most a
    ///   contact may hold.
    public func applied(to fields: ContactFields) throws -> ContactFields? {
        var changed = fields
        switch self {
        case .favorite(let flag):
            guard fields.favorite != flag else { return nil }
            changed.favorite = flag
        case .addLabel(let name):
            var names = ContactLabels.names(fields.labels)
            let key = ContactLabels.key(name)
            guard !names.contains(where: { $0.lowercased() == key }) else { return nil }
            guard names.count < ContactLabels.maxCount else {
                throw ContactsError.valueTooLong(
                    field: ContactField.labels.name, length: names.count + 1, limit: ContactLabels.maxCount)
            }
            names.append(ContactLabels.trimmed(name))
            changed.labels = ContactLabels.stored(names)
        case .removeLabel(let name):
            let names = ContactLabels.names(fields.labels)
            let key = ContactLabels.key(name)
            let kept = names.filter { $0.lowercased() != key }
            guard kept.count != names.count else { return nil }
            changed.labels = ContactLabels.stored(kept)
        case .delete, .restore:
            return nil
        }
        return changed
    }

    /// The change that undoes this one for the contacts it changed.
    public var reversed: BulkChange {
        switch self {
        case .favorite(let flag): .favorite(!flag)
        case .addLabel(let name): .removeLabel(name)
        case .removeLabel(let name): .addLabel(name)
        case .delete: .restore
        case .restore: .delete
        }
    }
}

extension ContactEdit {
    /// What a bulk write leaves: the contacts it changed, and the list.
    public struct BulkOutcome: Sendable {
        /// The ids of the contacts the write changed, in the order asked (those it
        /// left as they were, or did not find, are not among them).
        public let changed: [Int]
        /// The list after the write, at the version it made.
        public let state: ListState

        /// An outcome of its parts.
        public init(changed: [Int], state: ListState) {
            self.changed = changed
            self.state = state
        }
    }
}
