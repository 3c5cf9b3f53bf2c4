/// One contact as an address book file holds it, every value kept: what the CSV
/// and vCard readers give, and what the vCard writer takes.
///
/// A card is richer than the list's fields (`ContactFields`): the list shows the
/// names, the primary e-mail and phone (the first of `emails` and `phones`),
/// the company and the primary address's city; everything else is the contact's
/// details, kept with it and written out again. Readers put the primary value
/// first (vCard `PREF`, Google's `* ` label mark, or the file's first), keep
/// labels (a well-known one as `Labeled.wellKnown` spells it, any other as written), and keep
/// any property they do not map in `other`, so that nothing a file held is lost.
public struct ContactCard: Hashable, Sendable {
    /// A value with its label: "work", "home", "mobile", ... or a custom one
    /// (vCard `X-ABLabel`, Google's "E-mail 1 - Label"); "" when the file gave none.
    public struct Labeled: Hashable, Sendable {
        public var label: String
        public var value: String

        public init(_ value: String, label: String = "") {
            self.value = value
            self.label = label
        }
    }

    /// A postal address, in vCard `ADR`'s components.
    public struct Address: Hashable, Sendable {
        public var label = ""
        public var poBox = ""
        public var extended = ""
        public var street = ""
        public var city = ""
        public var region = ""
        public var postcode = ""
        public var country = ""

        public init(
            label: String = "", poBox: String = "", extended: String = "", street: String = "",
            city: String = "", region: String = "", postcode: String = "", country: String = ""
        ) {
            self.label = label
            self.poBox = poBox
            self.extended = extended
            self.street = street
            self.city = city
            self.region = region
            self.postcode = postcode
            self.country = country
        }

        /// True when no component holds anything (the label aside).
        public var isEmpty: Bool {
            [poBox, extended, street, city, region, postcode, country].allSatisfy(\.isEmpty)
        }
    }

    /// A property kept as the file wrote it, for a format that has no field for
    /// it: a vCard property (`X-SKYPE`, `IMPP;TYPE=work`, `ANNIVERSARY`...) or a
    /// CSV column (`Gender`, `Mileage`...). `name` is the vCard property name with
    /// its parameters (`IMPP;TYPE=work`), or the CSV header; `value` its text
    /// (unescaped).
    public struct Property: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A photo: inline bytes (`PHOTO;ENCODING=b`, `data:` URIs) or a URL. Kept
    /// only when the import asks for photos; never turned into text.
    public enum Photo: Hashable, Sendable {
        case data(mediaType: String, bytes: [UInt8])
        case url(String)
    }

    public var prefix = ""
    public var firstName = ""
    public var middleName = ""
    public var lastName = ""
    public var suffix = ""
    public var nickname = ""
    /// How the first and last names read (vCard `X-PHONETIC-*`, `SORT-AS`; Google's phonetic and
    /// Outlook's Yomi columns).
    public var phoneticFirstName = ""
    public var phoneticLastName = ""
    public var company = ""
    public var department = ""
    public var title = ""
    /// The primary first.
    public var emails: [Labeled] = []
    /// The primary first.
    public var phones: [Labeled] = []
    /// The primary first: the list's city is its city.
    public var addresses: [Address] = []
    public var urls: [Labeled] = []
    /// ISO 8601: `1987-09-14`, or `--03-07` without a year; "" none. Readers
    /// turn what a file wrote (`19870914`, Outlook's `9/14/1987`) into one of these
    /// when they can, and keep it as written otherwise.
    public var birthday = ""
    public var notes = ""
    /// Groups the contact is in: Google's "Labels" (without `* myContacts`),
    /// vCard `CATEGORIES`, Outlook's "Categories".
    public var categories: [String] = []
    /// vCard `UID` (also Google's, when a file has one); "" none.
    public var uid = ""
    public var favorite = false
    public var photo: Photo? = nil
    /// Everything else the file held, in its order.
    public var other: [Property] = []

    public init() {}

    /// The formatted name a person reads: prefix, first, middle, last and suffix
    /// names that are there, joined by spaces ("" when there is none).
    public var formattedName: String {
        [prefix, firstName, middleName, lastName, suffix].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension ContactCard.Labeled {
    /// The well-known labels, lowercased as stored: a reader maps what a file
    /// writes (`CELL`, `Mobile`, `Mobil`, `Portable`, `HOME`, `Privat`, `Work`,
    /// `Business`, `Geschäftlich`, `Bureau`, `INTERNET` (no label), ...) to one of
    /// these, and keeps any other label as written.
    public static let wellKnown: [String] = ["home", "work", "mobile", "main", "fax", "pager", "other"]
}
