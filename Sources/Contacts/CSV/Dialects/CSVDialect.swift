/// Which exporter wrote a contacts CSV, told from its header line. The layout
/// names the file in the import preview and settles the few headers whose
/// meaning depends on it (Outlook's "Title" is a name prefix, elsewhere a job
/// title; Thunderbird's "Home Address" is a street, Outlook's the whole address;
/// French and German Outlook write dates day first).
public enum CSVLayout: String, Hashable, Sendable, CaseIterable {
    /// Roster's own export (`first_name,last_name,...`).
    case roster
    case googleContacts
    case googleLegacy
    case outlook
    case outlookGerman
    case outlookFrench
    case thunderbird
    case linkedIn
    /// Any other header whose columns are named as people name them.
    case generic

    /// The name a person reads in the import preview.
    public var name: String {
        switch self {
        case .roster: "Roster"
        case .googleContacts: "Google Contacts"
        case .googleLegacy: "Google Contacts (legacy)"
        case .outlook: "Outlook"
        case .outlookGerman: "Outlook (German)"
        case .outlookFrench: "Outlook (French)"
        case .thunderbird: "Thunderbird"
        case .linkedIn: "LinkedIn Connections"
        case .generic: "CSV"
        }
    }

    /// Whether numeric dates are written day first (`14.9.1987`, `14/09/1987`).
    var dayFirst: Bool { self == .outlookGerman || self == .outlookFrench }

    /// The layout of a header line: by the names only its exporter writes.
    public static func detect(header: [String]) -> CSVLayout {
        let keys = Set(header.map(HeaderVocabulary.key))
        func count(_ names: [String]) -> Int { names.filter { keys.contains($0) }.count }
        let raw = Set(header.map { $0.trimmingCharacters() })
        if raw.contains(ContactField.firstName.name) && raw.contains(ContactField.lastName.name) {
            return .roster
        }
        if keys.contains("connectedon") || count(["url", "position", "emailaddress", "firstname"]) == 4 {
            return .linkedIn
        }
        if keys.contains("primaryemail")
            && count(["secondaryemail", "mobilenumber", "displayname", "webpage1"]) > 0
        {
            return .thunderbird
        }
        if count(["email1value", "phone1value", "address1formatted", "website1value"]) > 0 {
            if count(["givenname", "familyname", "groupmembership", "organization1name", "email1type"]) > 0 {
                return .googleLegacy
            }
            return .googleContacts
        }
        if count(["givenname", "familyname", "groupmembership"]) >= 2 { return .googleLegacy }
        if count(["firstname", "organizationname", "labels", "fileas", "organizationtitle"]) >= 3 {
            return .googleContacts
        }
        let german = [
            "emailadresse", "mobiltelefon", "telefongeschaftlich", "ortgeschaftlich", "firma", "position",
        ]
        if count(["vorname", "nachname"]) == 2 && count(german + ["abteilung", "anrede", "notizen"]) >= 2 {
            return .outlookGerman
        }
        let french = [
            "adressedemessagerie", "telmobile", "villebureau", "societe", "telephonebureau", "service",
        ]
        if count(["prenom", "nom"]) == 2 && count(french + ["villedomicile", "titre"]) >= 2 {
            return .outlookFrench
        }
        let outlook = [
            "emailaddress", "email2address", "businessphone", "homephone", "mobilephone", "primaryphone",
            "jobtitle", "businesscity", "homecity", "businessstreet", "homestreet", "webpage", "categories",
        ]
        if count(outlook) >= 3 { return .outlook }
        return .generic
    }
}

/// How a contacts CSV is written, as `ContactFileSniffer` found it from the
/// file's start: what `CSVCardReader` needs to read the whole file.
public struct CSVDialect: Hashable, Sendable {
    /// The file's text encoding.
    public var encoding: CSVTextEncoding
    /// The byte between fields: `,`, `;` or tab (0x09).
    public var delimiter: UInt8
    /// Rows before the header (LinkedIn's "Notes:" preamble, Excel's `sep=;`),
    /// counted as `CSVReader` reads them: skipped. Blank lines are no rows.
    public var rowsBeforeHeader: Int
    /// The header line's number in the file (1-based).
    public var headerLine: Int
    /// The header's column names, as written.
    public var header: [String]
    /// Which exporter wrote it.
    public var layout: CSVLayout

    public init(
        encoding: CSVTextEncoding, delimiter: UInt8 = 0x2C, rowsBeforeHeader: Int = 0, headerLine: Int = 1,
        header: [String], layout: CSVLayout? = nil
    ) {
        self.encoding = encoding
        self.delimiter = delimiter
        self.rowsBeforeHeader = rowsBeforeHeader
        self.headerLine = headerLine
        self.header = header
        self.layout = layout ?? CSVLayout.detect(header: header)
    }

    /// The delimiter's name for a person: "comma", "semicolon", "tab".
    public var delimiterName: String {
        switch delimiter {
        case 0x2C: "comma"
        case 0x3B: "semicolon"
        case 0x09: "tab"
        default: "\"\(Character(Unicode.Scalar(delimiter)))\""
        }
    }
}
