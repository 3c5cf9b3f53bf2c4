/// Maps a CSV header to contact fields: names match with case, spaces,
/// underscores and hyphens ignored, plus common aliases ("Given Name",
/// "Surname", "E-mail", "Mobile"...). Unknown columns are kept aside to report.
public struct CSVColumns: Equatable, Sendable {
    /// For each CSV column, the field it fills (nil: ignored).
    public let fields: [ContactField?]
    /// Names of the columns that fill nothing, as written.
    public let ignored: [String]

    static let aliases: [String: ContactField] = [
        "firstname": .firstName, "givenname": .firstName, "first": .firstName, "forename": .firstName,
        "lastname": .lastName, "surname": .lastName, "familyname": .lastName, "last": .lastName,
        "email": .email, "emailaddress": .email, "mail": .email,
        "phone": .phone, "mobile": .phone, "telephone": .phone, "tel": .phone, "phonenumber": .phone,
        "mobilephone": .phone, "cell": .phone, "cellphone": .phone,
        "company": .company, "organization": .company, "organisation": .company, "org": .company,
        "city": .city, "town": .city,
        "notes": .notes, "note": .notes, "comments": .notes, "comment": .notes,
    ]

    /// The mapping of `header`.
    /// - Throws: `StorageError.invalidContact` (index -1) when no column holds a first or a last name.
    public init(header: [String]) throws {
        var used = Set<ContactField>()
        var fields: [ContactField?] = []
        var ignored: [String] = []
        for name in header {
            let key = String(
                name.lowercased().unicodeScalars.filter { !" _-.\t".unicodeScalars.contains($0) })
            if let field = Self.aliases[key], !used.contains(field) {
                used.insert(field)
                fields.append(field)
            } else {
                fields.append(nil)
                ignored.append(name)
            }
        }
        guard used.contains(.firstName) || used.contains(.lastName) else {
            throw StorageError.invalidContact(
                index: -1,
                problem: "the header (line 1) names no first or last name column, e.g. first_name,last_name")
        }
        self.fields = fields
        self.ignored = ignored
    }

    /// The contact a record holds (fields trimmed of surrounding white space).
    public func contact(_ record: [String]) -> ContactFields {
        var contact = ContactFields()
        for (field, value) in zip(fields, record) {
            guard let field else { continue }
            let text = value.trimmingCharacters()
            switch field {
            case .firstName: contact.firstName = text
            case .lastName: contact.lastName = text
            case .email: contact.email = text
            case .phone: contact.phone = text
            case .company: contact.company = text
            case .city: contact.city = text
            case .notes: contact.notes = value  // notes keep their line breaks and spacing
            }
        }
        return contact
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks (scanned as UTF-8:
    /// no grapheme breaking for the common case of nothing to trim).
    func trimmingCharacters() -> String {
        let utf8 = self.utf8
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = utf8.first, let last = utf8.last else { return self }
        if !isSpace(first) && !isSpace(last) { return self }
        guard let start = utf8.firstIndex(where: { !isSpace($0) }),
            let end = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
