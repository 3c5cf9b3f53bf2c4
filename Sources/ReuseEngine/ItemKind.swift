/// The reuse identifier of an item: which pool bucket its slot comes from.
///
/// A slot is created for one kind and keeps it for life, as a `UITableViewCell`
/// keeps its `reuseIdentifier`: a header slot never shows a contact.
public enum ItemKind: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// A section header (`A` ... `Z`, `#`).
    case header = 0
    /// One contact row.
    case contact = 1

    /// The name used on the wire (`"header"`, `"contact"`).
    public var description: String {
        switch self {
        case .header: "header"
        case .contact: "contact"
        }
    }
}

/// One counter per `ItemKind`, stored inline so that counting allocates nothing.
public struct KindCounts: Hashable, Sendable {
    /// The count for headers.
    public var header: Int
    /// The count for contacts.
    public var contact: Int

    /// Counts starting at the given values (zero by default).
    public init(header: Int = 0, contact: Int = 0) {
        self.header = header
        self.contact = contact
    }

    /// The count for `kind`.
    public subscript(kind: ItemKind) -> Int {
        get {
            switch kind {
            case .header: header
            case .contact: contact
            }
        }
        set {
            switch kind {
            case .header: header = newValue
            case .contact: contact = newValue
            }
        }
    }

    /// The sum over all kinds.
    public var total: Int { header + contact }

    /// Each count minus `other`'s.
    public func minus(_ other: KindCounts) -> KindCounts {
        KindCounts(header: header - other.header, contact: contact - other.contact)
    }

    /// Adds `other`'s counts.
    public static func += (lhs: inout KindCounts, rhs: KindCounts) {
        lhs.header += rhs.header
        lhs.contact += rhs.contact
    }
}
