import Locales

/// What orders the list: the section (the bucket of the list locale's alphabetic index the sort
/// name falls in, `#` last), then the locale's collation of the sort name and of the first name
/// at primary strength (letters only), then of both at full strength (accents, then case); ties
/// go by id. The sort name is the last name, else the first name, else the company, else the
/// e-mail, as iOS and Google Contacts do; a phonetic reading of a name stands for it.
///
/// Stored as one blob whose byte order is that order (SQLite and PostgreSQL compare blobs as
/// memcmp): the section as two bytes, big-endian; the primary part of ICU's key of the sort
/// name, 0x00, of the first name, 0x00; the rest of the sort name's key (from its first level
/// separator), 0x00, the rest of the first name's. ICU's keys hold no 0x00, so each 0x00 ends
/// its part below any byte that could continue it.
public struct ContactSortKey: Hashable, Comparable, Sendable {
    /// The blob as stored in the order (`contact_order.sort_key`, `contacts.sort_key`).
    public let bytes: [UInt8]

    /// A key from its stored bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The key of a contact named `firstName lastName` in `locale`; with neither name, of its
    /// `company`, or else its `email`. A reading stands for the name it reads.
    public init(
        firstName: String, lastName: String, company: String = "", email: String = "",
        phoneticFirst: String = "", phoneticLast: String = "", in locale: ListLocale
    ) {
        let names = Self.names(
            firstName: firstName, lastName: lastName, company: company, email: email,
            phoneticFirst: phoneticFirst, phoneticLast: phoneticLast)
        self.init(
            section: locale.index.section(of: names.sortName), sortName: locale.collation.key(names.sortName),
            firstName: locale.collation.key(names.first))
    }

    /// The key of parts computed already: the section and ICU's full keys of the sort name and
    /// the first name (the seed keys each pool name once).
    public init(section: Int, sortName: [UInt8], firstName: [UInt8]) {
        let nameCut = sortName.firstIndex(of: 1) ?? sortName.endIndex
        let firstCut = firstName.firstIndex(of: 1) ?? firstName.endIndex
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sortName.count + firstName.count + 5)
        bytes.append(UInt8(section >> 8))
        bytes.append(UInt8(section & 0xFF))
        bytes += sortName[..<nameCut]
        bytes.append(0)
        bytes += firstName[..<firstCut]
        bytes.append(0)
        bytes += sortName[nameCut...]
        bytes.append(0)
        bytes += firstName[firstCut...]
        self.bytes = bytes
    }

    /// The sort name and the first name a contact is ordered by (trimmed; readings for names).
    public static func names(
        firstName: String, lastName: String, company: String, email: String, phoneticFirst: String = "",
        phoneticLast: String = ""
    ) -> (sortName: String, first: String) {
        let first = trimmed(firstName)
        let last = trimmed(lastName)
        let firstReading = trimmed(phoneticFirst)
        let lastReading = trimmed(phoneticLast)
        let firstKey = firstReading.isEmpty ? first : firstReading
        if !last.isEmpty { return (lastReading.isEmpty ? last : lastReading, firstKey) }
        if !first.isEmpty { return (firstKey, firstKey) }
        let byCompany = trimmed(company)
        return (byCompany.isEmpty ? trimmed(email) : byCompany, "")
    }

    /// True when the names, the company and the e-mail are all empty, white space or marks with
    /// nothing to combine with: such a contact has nothing to be listed by.
    public static func isNameless(firstName: String, lastName: String, company: String, email: String) -> Bool
    {
        isBlank(firstName) && isBlank(lastName) && isBlank(company) && isBlank(email)
    }

    /// Whether `text` holds nothing but white space and combining marks.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark:
                true
            default: scalar.properties.isWhitespace
            }
        }
    }

    /// The key bytes every contact whose sort name starts with `prefix` starts with: its section,
    /// then the primary weights of its letters (type-ahead finds names by letters only).
    public static func prefix(_ prefix: String, in locale: ListLocale) -> [UInt8] {
        let text = trimmed(prefix)
        let section = locale.index.section(of: text)
        return [UInt8(section >> 8), UInt8(section & 0xFF)]
            + Collation.primary(of: locale.collation.key(text))
    }

    /// The section: an index into the list locale's titles (`ListLocale.titles`).
    public var section: Int { bytes.count < 2 ? 0 : Int(bytes[0]) << 8 | Int(bytes[1]) }

    /// Byte order of the blobs, as the stores compare them.
    public static func < (lhs: ContactSortKey, rhs: ContactSortKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// `text` without white space (Unicode's) at either end.
    static func trimmed(_ text: String) -> String {
        guard let start = text.unicodeScalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = text.unicodeScalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        if start == text.unicodeScalars.startIndex
            && end == text.unicodeScalars.index(before: text.unicodeScalars.endIndex)
        {
            return text
        }
        return String(text.unicodeScalars[start...end])
    }
}
