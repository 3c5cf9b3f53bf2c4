/// A contact's fields as stored and imported. Every field may be empty except
/// that a contact needs a first or a last name.
public struct ContactFields: Hashable, Sendable {
    /// Given name.
    public var firstName: String
    /// Family name; empty sorts the contact by its first name.
    public var lastName: String
    /// E-mail address.
    public var email: String
    /// Phone number as written.
    public var phone: String
    /// Company or organisation.
    public var company: String
    /// City.
    public var city: String
    /// Free text.
    public var notes: String

    /// A contact with the given fields (all empty by default).
    public init(
        firstName: String = "", lastName: String = "", email: String = "", phone: String = "",
        company: String = "", city: String = "", notes: String = ""
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.company = company
        self.city = city
        self.notes = notes
    }

    /// The key the list is ordered by (before the id): see `ContactSortKey`.
    public var sortKey: ContactSortKey {
        ContactSortKey(firstName: firstName, lastName: lastName)
    }
}

/// A stored contact: its fields, its id and its place in the list.
public struct Contact: Hashable, Sendable {
    /// Stable identity, never reused.
    public let id: Int
    /// 0-based position in list order (API.md's `row`).
    public let position: Int
    /// The contact's fields.
    public let fields: ContactFields
}

/// What orders the list: the section, the folded sort name (last name, or first
/// name when there is none), then the folded first name; ties go by id.
///
/// Stored as one blob whose byte order is that order: the section byte, the folded
/// sort name, a 0x00 separator (folded text never holds one), the folded first name.
public struct ContactSortKey: Hashable, Comparable, Sendable {
    /// The blob as stored in `contacts.sort_key`.
    public let bytes: [UInt8]

    /// The key of a contact named `firstName lastName`.
    public init(firstName: String, lastName: String) {
        let first = NameFolding.fold(firstName)
        let last = NameFolding.fold(lastName)
        self.init(foldedFirst: first, foldedLast: last)
    }

    /// The key from names folded already (the seed folds each name once).
    public init(foldedFirst: [UInt8], foldedLast: [UInt8]) {
        let sortName = foldedLast.isEmpty ? foldedFirst : foldedLast
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sortName.count + foldedFirst.count + 2)
        bytes.append(UInt8(NameFolding.section(ofFolded: sortName)))
        bytes.append(contentsOf: sortName)
        bytes.append(0)
        bytes.append(contentsOf: foldedFirst)
        self.bytes = bytes
    }

    /// True when both names fold to nothing (empty or white space only).
    public var isNameless: Bool { bytes.count == 2 }

    /// The section: 0...25 for A...Z, 26 for `#`.
    public var section: Int { Int(bytes[0]) }

    /// Byte order of the blobs, as SQLite compares them.
    public static func < (lhs: ContactSortKey, rhs: ContactSortKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}
