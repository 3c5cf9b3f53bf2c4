/// What one column of a contacts CSV fills in a `ContactCard`, as
/// `HeaderVocabulary` reads the column's header: a name part, the company's
/// parts, one part of a labelled value (an e-mail, phone or web address) or of
/// an address, or nothing known (`extra`: the cell is kept in the card's
/// `other` under its header, when it holds something).
public enum CardColumn: Hashable, Sendable {
    case prefix, firstName, middleName, lastName, suffix, nickname
    /// How the first and last names read (Google's "Phonetic First Name", legacy Google's
    /// "Given Name Yomi", Outlook's "Given Yomi"; the last name's likewise).
    case phoneticFirstName, phoneticLastName
    /// A whole name ("Name", "Display Name", "Full Name"): split into first and
    /// last when no other column gives them (`PersonName`), kept as extra when it
    /// says more than they do.
    case fullName
    case company, department, title, notes
    /// A date as written (`Birthday`), or a part of one (Thunderbird's
    /// `Birth Year`, `Birth Month`, `Birth Day`).
    case birthday, birthYear, birthMonth, birthDay
    /// Groups: Google's `Labels`, `Group Membership`; Outlook's `Categories`.
    case categories
    case uid
    case favorite
    /// Roster's own `details` column: the card's other values as JSON
    /// (`ContactDetails.json`).
    case details
    /// A photo: a `data:` URI holding it, or a URL naming it (docs/api.md, "Photos").
    case photo
    /// One part (`part`) of the labelled value of `kind` that the columns naming
    /// the same `group` share (Google's "E-mail 1 - Label" and "E-mail 1 -
    /// Value"), labelled `label` unless a label column says otherwise.
    case labeled(LabeledKind, group: String, label: String, part: LabeledPart)
    /// One part of the address that the columns naming the same `group` share
    /// ("Business City", "Business Street"), labelled `label` unless a label
    /// column says otherwise.
    case address(group: String, label: String, part: AddressPart)
    /// Kept as written under its header in `ContactCard.other`.
    case extra

    /// The kinds of labelled values.
    public enum LabeledKind: Hashable, Sendable {
        case email, phone, url

        var name: String {
            switch self {
            case .email: "e-mail"
            case .phone: "phone"
            case .url: "web page"
            }
        }
    }

    /// A labelled value's parts.
    public enum LabeledPart: Hashable, Sendable {
        case value, label
    }

    /// An address's parts: `ContactCard.Address`'s, and `formatted`, the whole
    /// address as one text (kept as the street when no other part is there).
    public enum AddressPart: Hashable, Sendable {
        case label, poBox, extended, street, city, region, postcode, country, formatted

        var name: String {
            switch self {
            case .label: "label"
            case .poBox: "PO box"
            case .extended: "extended address"
            case .street: "street"
            case .city: ContactField.city.name
            case .region: "region"
            case .postcode: "postal code"
            case .country: "country"
            case .formatted: "formatted"
            }
        }
    }

    /// What the import preview says the column fills: "first name", "e-mail
    /// (work)", "address 1: city", ... or "kept as extra".
    public var description: String {
        switch self {
        case .prefix: "name prefix"
        case .firstName: "first name"
        case .middleName: "middle name"
        case .lastName: "last name"
        case .suffix: "name suffix"
        case .nickname: "nickname"
        case .phoneticFirstName: "phonetic first name"
        case .phoneticLastName: "phonetic last name"
        case .fullName: "full name (split into first and last)"
        case .company: ContactField.company.name
        case .department: "department"
        case .title: "job title"
        case .notes: "notes"
        case .birthday: "birthday"
        case .birthYear: "birthday (year)"
        case .birthMonth: "birthday (month)"
        case .birthDay: "birthday (day)"
        case .categories: ContactField.labels.name
        case .uid: "uid"
        case .favorite: "favorite"
        case .details: "details (Roster's JSON)"
        case .photo: "photo"
        case .labeled(let kind, let group, let label, let part):
            kind.name + Self.which(group, label) + (part == .label ? " label" : "")
        case .address(let group, let label, let part):
            "address" + Self.which(group, label) + ": " + part.name
        case .extra: "kept as extra"
        }
    }

    private static func which(_ group: String, _ label: String) -> String {
        if !label.isEmpty { return " (\(label))" }
        return group.allSatisfy(\.isNumber) && !group.isEmpty ? " \(group)" : ""
    }
}
