/// A stored contact: its fields, its id and its place in the list.
public struct Contact: Hashable, Sendable {
    /// Stable identity, never reused.
    public let id: Int
    /// 0-based position in list order (the contract's `row`).
    public let position: Int
    /// The data version of the contact's last write (0 if none since it was
    /// imported or seeded): its ETag.
    public let revision: Int
    /// The contact's fields.
    public let fields: ContactFields

    /// A contact of its parts.
    public init(id: Int, position: Int, revision: Int, fields: ContactFields) {
        self.id = id
        self.position = position
        self.revision = revision
        self.fields = fields
    }
}
