/// One field's value.
public enum ContactValue: Hashable, Sendable {
    case text(String)
    case boolean(Bool)

    /// The empty value of a field of `kind`: "" or false.
    public init(emptyOf kind: ContactField.Kind) {
        switch kind {
        case .text: self = .text("")
        case .boolean: self = .boolean(false)
        }
    }

    /// The text ("true"/"false" for a boolean), as exported to CSV.
    public var text: String {
        switch self {
        case .text(let text): text
        case .boolean(let value): value ? "true" : "false"
        }
    }
}

/// A contact's fields as stored and imported, one value per `ContactField`.
/// Every field may be empty except that a contact needs a name, a company or an e-mail.
public struct ContactFields: Hashable, Sendable {
    private var values = Self.empty
    private static let empty = ContactField.allCases.map { ContactValue(emptyOf: $0.kind) }

    /// A contact with the given fields (all empty by default).
    public init(
        firstName: String = "", lastName: String = "", email: String = "", phone: String = "",
        company: String = "", city: String = "", notes: String = "", favorite: Bool = false,
        details: String = "", labels: String = ""
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.company = company
        self.city = city
        self.notes = notes
        self.favorite = favorite
        self.details = details
        self.labels = labels
    }

    /// The value of `field`.
    public subscript(field: ContactField) -> ContactValue {
        get { values[field.rawValue] }
        set { values[field.rawValue] = newValue }
    }

    /// The text of a text field ("" for any other).
    public subscript(text field: ContactField) -> String {
        get {
            if case .text(let text) = values[field.rawValue] { return text }
            return ""
        }
        set { values[field.rawValue] = .text(newValue) }
    }

    /// Given name.
    public var firstName: String {
        get { self[text: .firstName] }
        set { self[text: .firstName] = newValue }
    }
    /// Family name; empty sorts the contact by its first name.
    public var lastName: String {
        get { self[text: .lastName] }
        set { self[text: .lastName] = newValue }
    }
    /// E-mail address.
    public var email: String {
        get { self[text: .email] }
        set { self[text: .email] = newValue }
    }
    /// Phone number as written.
    public var phone: String {
        get { self[text: .phone] }
        set { self[text: .phone] = newValue }
    }
    /// Company or organisation.
    public var company: String {
        get { self[text: .company] }
        set { self[text: .company] = newValue }
    }
    /// City.
    public var city: String {
        get { self[text: .city] }
        set { self[text: .city] = newValue }
    }
    /// Free text.
    public var notes: String {
        get { self[text: .notes] }
        set { self[text: .notes] = newValue }
    }

    /// Everything else of the contact: `ContactDetails.json` ("" none).
    public var details: String {
        get { self[text: .details] }
        set { self[text: .details] = newValue }
    }

    /// The contact's labels, one name a line (`ContactLabels`; "" none).
    public var labels: String {
        get { self[text: .labels] }
        set { self[text: .labels] = newValue }
    }

    /// Starred by the user.
    public var favorite: Bool {
        get { if case .boolean(let value) = values[ContactField.favorite.rawValue] { value } else { false } }
        set { values[ContactField.favorite.rawValue] = .boolean(newValue) }
    }

    /// The key the list is ordered by (before the id): see `ContactSortKey`.
    public var sortKey: ContactSortKey {
        ContactSortKey(firstName: firstName, lastName: lastName, company: company, email: email)
    }

    /// The first field whose value is over its limit, with the value's length in characters.
    public func overLimit() -> (field: ContactField, length: Int, limit: Int)? {
        for field in ContactField.allCases {
            guard case .text(let limit) = field.kind, case .text(let text) = values[field.rawValue],
                text.utf8.count > limit  // UTF-8 bytes are never fewer than characters
            else { continue }
            // Characters are Unicode scalars (as JSON Schema's maxLength counts them).
            let length = text.unicodeScalars.count
            if length > limit { return (field, length, limit) }
        }
        return nil
    }
}

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
