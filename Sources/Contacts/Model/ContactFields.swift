/// A contact's fields as stored and imported, one value per `ContactField`.
/// Every field may be empty except that a contact needs a name, a company or an e-mail.
public struct ContactFields: Hashable, Sendable {
    private var values = Self.empty
    private static let empty = ContactField.allCases.map { ContactValue(emptyOf: $0.kind) }

    /// A contact with the given fields (all empty by default).
    public init(
        firstName: String = "", lastName: String = "", email: String = "", phone: String = "",
        company: String = "", city: String = "", notes: String = "", favorite: Bool = false,
        details: String = "", labels: String = "", photo: String = ""
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
        self.photo = photo
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

    /// The SHA-256 digest (64 hex digits) of the contact's stored photo, "" none
    /// (docs/api.md, "Photos").
    public var photo: String {
        get { self[text: .photo] }
        set { self[text: .photo] = newValue }
    }

    /// Starred by the user.
    public var favorite: Bool {
        get { if case .boolean(let value) = values[ContactField.favorite.rawValue] { value } else { false } }
        set { values[ContactField.favorite.rawValue] = .boolean(newValue) }
    }

    /// The key the list is ordered by in `locale` (before the id): see `ContactSortKey`.
    public func sortKey(in locale: ListLocale) -> ContactSortKey {
        let readings = phoneticNames
        return ContactSortKey(
            firstName: firstName, lastName: lastName, company: company, email: email,
            phoneticFirst: readings.first, phoneticLast: readings.last, in: locale)
    }

    /// True when the names, the company and the e-mail are all empty or white space: nothing to
    /// list the contact by.
    public var isNameless: Bool {
        ContactSortKey.isNameless(firstName: firstName, lastName: lastName, company: company, email: email)
    }

    /// The readings of the names kept in the details (`phonetic_first_name`,
    /// `phonetic_last_name`), or empty ones; the details are read only when they hold one.
    public var phoneticNames: (first: String, last: String) {
        let details = self.details
        guard Self.mayHoldReading(details), let parsed = try? ContactDetails(json: details) else {
            return ("", "")
        }
        return (parsed.phoneticFirstName, parsed.phoneticLastName)
    }

    /// Whether a details document may hold a reading: it names `phonetic_`. A byte search, since
    /// every contact a seed or an import writes asks it.
    static func mayHoldReading(_ details: String) -> Bool {
        guard details.utf8.count > 16 else { return false }
        let needle = Array("\"phonetic_".utf8)
        var details = details
        return details.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == 0x22 && bytes[index + 1] == 0x70 {
                    var match = true
                    for offset in 2..<needle.count where bytes[index + offset] != needle[offset] {
                        match = false
                        break
                    }
                    if match { return true }
                }
                index += 1
            }
            return false
        }
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
