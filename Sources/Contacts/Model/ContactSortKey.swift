/// What orders the list: the section, the folded sort name (last name, or first
/// name when there is none; a contact with no name sorts by its company, or else
/// its e-mail, as iOS and Google Contacts do), then the folded first name; ties go by id.
///
/// Stored as one blob whose byte order is that order: the section byte, the folded
/// sort name, a 0x00 separator (folded text never holds one), the folded first name.
public struct ContactSortKey: Hashable, Comparable, Sendable {
    /// The blob as stored in `contacts.sort_key`.
    public let bytes: [UInt8]

    /// The key of a contact named `firstName lastName`; with neither name, of its
    /// `company`, or else its `email`.
    public init(firstName: String, lastName: String, company: String = "", email: String = "") {
        let first = NameFolding.fold(firstName)
        let last = NameFolding.fold(lastName)
        guard first.isEmpty && last.isEmpty else {
            self.init(foldedFirst: first, foldedLast: last)
            return
        }
        let byCompany = NameFolding.fold(company)
        self.init(foldedFirst: [], foldedLast: byCompany.isEmpty ? NameFolding.fold(email) : byCompany)
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

    /// True when the names, the company and the e-mail all fold to nothing (empty or
    /// white space only): such a contact has nothing to be listed by.
    public var isNameless: Bool { bytes.count == 2 }

    /// The section: 0...25 for A...Z, 26 for `#`.
    public var section: Int { Int(bytes[0]) }

    /// Byte order of the blobs, as SQLite compares them.
    public static func < (lhs: ContactSortKey, rhs: ContactSortKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}
