/// What a contact holds beyond the list's fields: every value of its card that
/// `ContactFields` has no column for, kept with the contact (the `details`
/// field, a JSON object) and written out again.
///
/// Nothing is held twice: the primary e-mail and phone are the `email` and
/// `phone` fields (their labels are here), the contact's groups are the `labels`
/// field, the primary address's city is the
/// `city` field (the address here leaves it blank), and `emails` and `phones`
/// are the others. `ContactCard(fields:details:)` puts a card back together;
/// `ContactCard.split()` takes it apart.
public struct ContactDetails: Hashable, Sendable {
    public var prefix = ""
    public var middleName = ""
    public var suffix = ""
    public var nickname = ""
    /// How the first name reads (kana for a Japanese name, `X-PHONETIC-FIRST-NAME`): it stands
    /// for the first name in the list's order and index.
    public var phoneticFirstName = ""
    /// How the last name reads (`X-PHONETIC-LAST-NAME`), standing for it in the order and index.
    public var phoneticLastName = ""
    public var title = ""
    public var department = ""
    public var birthday = ""
    /// The label of the primary e-mail (the `email` field).
    public var emailLabel = ""
    /// The label of the primary phone (the `phone` field).
    public var phoneLabel = ""
    /// The e-mails after the primary one.
    public var emails: [ContactCard.Labeled] = []
    /// The phones after the primary one.
    public var phones: [ContactCard.Labeled] = []
    /// Every address, the primary first with its city blank (the `city` field holds it).
    public var addresses: [ContactCard.Address] = []
    public var urls: [ContactCard.Labeled] = []
    /// Labels a write gave in the details (`categories`, what they were kept as
    /// before labels were a field): taken on write into the `labels` field, never
    /// stored or written here.
    public var categories: [String] = []
    public var uid = ""
    public var photo: ContactCard.Photo? = nil
    public var other: [ContactCard.Property] = []

    public init() {}

    /// True when there is nothing beyond the list's fields (stored as "").
    public var isEmpty: Bool { self == ContactDetails() }

    /// `fields` and `details` as a card would give them back: a primary e-mail or
    /// phone that is missing taken from the others, a lone empty address dropped.
    /// What a write stores, so that every stored contact survives a round trip
    /// through a card (a vCard export and import) unchanged.
    public static func normalized(_ fields: ContactFields, _ details: ContactDetails) -> (
        fields: ContactFields, details: ContactDetails
    ) {
        var (normal, rest) = ContactCard(fields: fields, details: details).split()
        // A card holds no stored photo's digest: the fields keep theirs.
        normal.photo = fields.photo
        return (normal, rest)
    }
}

extension ContactCard {
    /// The texts a card and its details hold alike: (the card's, the details').
    static var sharedTexts: [(WritableKeyPath<ContactCard, String>, WritableKeyPath<ContactDetails, String>)]
    {
        [
            (\.prefix, \.prefix), (\.middleName, \.middleName), (\.suffix, \.suffix),
            (\.nickname, \.nickname), (\.phoneticFirstName, \.phoneticFirstName),
            (\.phoneticLastName, \.phoneticLastName),
            (\.title, \.title), (\.department, \.department), (\.birthday, \.birthday), (\.uid, \.uid),
        ]
    }

    /// The card's list fields and its details.
    public func split() -> (fields: ContactFields, details: ContactDetails) {
        var details = ContactDetails()
        for (card, kept) in Self.sharedTexts { details[keyPath: kept] = self[keyPath: card] }
        details.emailLabel = emails.first?.label ?? ""
        details.phoneLabel = phones.first?.label ?? ""
        details.emails = Array(emails.dropFirst())
        details.phones = Array(phones.dropFirst())
        details.addresses = addresses
        if !details.addresses.isEmpty { details.addresses[0].city = "" }
        // An address that was only the city is the `city` field alone.
        if details.addresses.count == 1, details.addresses[0] == Address() { details.addresses = [] }
        details.urls = urls
        details.photo = photo
        details.other = other
        let fields = ContactFields(
            firstName: firstName, lastName: lastName, email: emails.first?.value ?? "",
            phone: phones.first?.value ?? "", company: company, city: addresses.first?.city ?? "",
            notes: notes, favorite: favorite,
            labels: ContactLabels.stored(ContactLabels.cleaned(categories)))
        return (fields, details)
    }

    /// The card of a contact with `fields` and `details` (`split()` undone).
    public init(fields: ContactFields, details: ContactDetails) {
        self.init()
        for (card, kept) in Self.sharedTexts { self[keyPath: card] = details[keyPath: kept] }
        firstName = fields.firstName
        lastName = fields.lastName
        company = fields.company
        if !fields.email.isEmpty || !details.emailLabel.isEmpty {
            emails = [Labeled(fields.email, label: details.emailLabel)]
        }
        emails += details.emails
        if !fields.phone.isEmpty || !details.phoneLabel.isEmpty {
            phones = [Labeled(fields.phone, label: details.phoneLabel)]
        }
        phones += details.phones
        addresses = details.addresses
        if addresses.isEmpty, !fields.city.isEmpty { addresses = [Address()] }
        if !addresses.isEmpty { addresses[0].city = fields.city }
        urls = details.urls
        notes = fields.notes
        // The contact's labels, then any a write gave as `details.categories` (an alias).
        categories = ContactLabels.names(fields.labels) + details.categories
        favorite = fields.favorite
        photo = details.photo
        other = details.other
    }
}
