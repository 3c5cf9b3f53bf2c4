import Contacts

/// The changes of a `PATCH /contacts/{id}` (a JSON merge patch, RFC 7396): only
/// the fields to change, each with its new value. A `null` in the patch is
/// already the field's empty value here ("" for text, false for favorite), as
/// The contract says a `null` clears a field.
public struct ContactPatch: Hashable, Sendable {
    /// The new value of each field the patch changes.
    public private(set) var changes: [ContactField: ContactValue]

    /// A patch making `changes` (none by default).
    public init(_ changes: [ContactField: ContactValue] = [:]) {
        self.changes = changes
    }

    /// True when the patch changes nothing (`{}`).
    public var isEmpty: Bool { changes.isEmpty }

    /// The fields the patch changes, in field order.
    public var fields: [ContactField] { changes.keys.sorted { $0.rawValue < $1.rawValue } }

    /// `fields` with the patch's changes made. The result may have lost its
    /// name: check it with `ContactInput.checkNamed(_:)` before storing it.
    public func applied(to fields: ContactFields) -> ContactFields {
        var result = fields
        for (field, value) in changes { result[field] = value }
        return result
    }
}
