/// Who an item is, independent of where it sits: a contact by its id, a header by
/// its section, plus the content revision the caller read it at.
///
/// The reuse engine cannot read the database, so the caller hands it one identity
/// per item it asks about. Two items are the same when their `id`s are equal; the
/// `revision` only says whether the same item's content changed (the contract's diff:
/// a kept contact is re-sent when its revision, row or top changed).
public struct ItemIdentity: Hashable, Sendable {
    /// The part of an identity that says which item it is: its kind and a number
    /// unique within that kind (a contact id, or a section index for a header).
    public struct ID: Hashable, Sendable {
        /// Header or contact; a slot only ever shows items of one kind.
        public let kind: ItemKind
        /// The contact's id, or the header's section.
        public let value: Int

        /// The identity of the item of `kind` numbered `value`.
        public init(kind: ItemKind, value: Int) {
            self.kind = kind
            self.value = value
        }
    }

    /// Which item this is.
    public let id: ID
    /// The content's revision: any number that changes whenever what the cell shows
    /// does (a contact's revision, an ETag's number). Compared for equality only.
    public let revision: Int

    /// An identity with `id` read at `revision`.
    public init(id: ID, revision: Int) {
        self.id = id
        self.revision = revision
    }

    /// Section `section`'s header. Its content is its title, fixed by the section,
    /// so its revision is 0.
    public static func header(section: Int) -> ItemIdentity {
        ItemIdentity(id: ID(kind: .header, value: section), revision: 0)
    }

    /// Contact `id` at content revision `revision`.
    public static func contact(id: Int, revision: Int) -> ItemIdentity {
        ItemIdentity(id: ID(kind: .contact, value: id), revision: revision)
    }

    /// The identity a session uses when the caller gives none: a contact is its row
    /// and a header its section. Right while the data does not change, which is all
    /// `ReuseSession.step(to:)` without identities promises.
    /// - Complexity: O(1).
    @inlinable
    public static func positional(_ item: LayoutItem) -> ItemIdentity {
        switch item.kind {
        case .header: .header(section: item.section)
        case .contact: .contact(id: item.row ?? item.index, revision: 0)
        }
    }
}
