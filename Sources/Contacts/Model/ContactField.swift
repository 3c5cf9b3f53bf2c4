/// A contact's fields: the one table every layer derives its names from.
///
/// Each field has its SQL column, its JSON key, its CSV header name and the
/// header aliases an import accepts, its kind and its limit. The SQL of reads
/// and writes, statement binds and column reads, the CSV header, the JSON of a
/// contact and of a window cell, and the OpenAPI schemas all walk `allCases`,
/// so adding a field is one case here (and its entry in `spec`) plus a
/// migration that adds the column.
///
/// The cases are in column order: `rawValue` is the field's place in every
/// column list, in `ContactFields` and in a cursor row (after the id).
public enum ContactField: Int, CaseIterable, Sendable {
    case firstName, lastName, email, phone, company, city, notes, favorite, details, labels, photo

    /// What a field holds.
    public enum Kind: Hashable, Sendable {
        /// Text of at most `maxLength` characters.
        case text(maxLength: Int)
        /// True or false (stored as 0 or 1).
        case boolean
    }

    /// Everything about one field but its case.
    public struct Spec: Sendable {
        /// The column of `contacts`; also the JSON key and the CSV header name.
        public let name: StaticString
        /// What the field holds, and its limit.
        public let kind: Kind
        /// Header names an import also accepts, besides `name` (matched ignoring
        /// case, spaces, underscores, hyphens and dots).
        public let aliases: [String]
        /// Part of a window cell's `contact` object (long fields stay out of windows).
        public let inWindow: Bool
        /// Imported text keeps its surrounding white space and line breaks.
        public let keepsSpacing: Bool
        /// The text is a JSON object (`ContactDetails.json`): JSON carries it as an
        /// object, and what comes in is read and written again in its one form.
        public var isDocument = false
        /// The text is a list of names, one a line (`ContactLabels`): JSON carries it
        /// as an array of strings, a CSV cell as the lines.
        public var isList = false
        /// The text names a stored photo by its SHA-256 digest (docs/api.md, "Photos"): JSON
        /// carries it as the photo's URL, CSV files leave it out (an export puts the photo back
        /// into `details`), and writes set it only through the photo's own endpoints.
        public var isPhoto = false
    }

    /// The field's entry in the table (computed once per field).
    public var spec: Spec { Self.specs[rawValue] }

    private static let specs = allCases.map(\.definition)

    /// The table. `name` is a `StaticString` so that JSON writers take it as a key.
    private var definition: Spec {
        switch self {
        case .firstName:
            Spec(
                name: "first_name", kind: .text(maxLength: 256),
                aliases: ["First Name", "Given Name", "First", "Forename"], inWindow: true,
                keepsSpacing: false)
        case .lastName:
            Spec(
                name: "last_name", kind: .text(maxLength: 256),
                aliases: ["Last Name", "Surname", "Family Name", "Last"], inWindow: true, keepsSpacing: false)
        case .email:
            Spec(
                name: "email", kind: .text(maxLength: 256), aliases: ["E-mail", "E-mail Address", "Mail"],
                inWindow: true, keepsSpacing: false)
        case .phone:
            Spec(
                name: "phone", kind: .text(maxLength: 256),
                aliases: [
                    "Mobile", "Telephone", "Tel", "Phone Number", "Mobile Phone", "Cell", "Cell Phone",
                ],
                inWindow: true, keepsSpacing: false)
        case .company:
            Spec(
                name: "company", kind: .text(maxLength: 256),
                aliases: ["Organization", "Organisation", "Org"], inWindow: true, keepsSpacing: false)
        case .city:
            Spec(
                name: "city", kind: .text(maxLength: 256), aliases: ["Town"], inWindow: true,
                keepsSpacing: false)
        case .notes:
            Spec(
                name: "notes", kind: .text(maxLength: 4000), aliases: ["Note", "Comments", "Comment"],
                inWindow: false, keepsSpacing: true)
        case .favorite:
            Spec(
                name: "favorite", kind: .boolean, aliases: ["Favourite", "Starred", "Star"], inWindow: true,
                keepsSpacing: false)
        case .details:
            Spec(
                name: "details", kind: .text(maxLength: 200_000), aliases: [], inWindow: false,
                keepsSpacing: true, isDocument: true)
        case .labels:
            Spec(
                name: "labels", kind: .text(maxLength: ContactLabels.maxStoredLength),
                aliases: ["Categories", "Groups"], inWindow: false, keepsSpacing: false, isList: true)
        case .photo:
            Spec(
                name: "photo", kind: .text(maxLength: 64), aliases: [], inWindow: false, keepsSpacing: false,
                isPhoto: true)
        }
    }

    /// The SQL column, JSON key and CSV header name, as a `String`.
    public var name: String { Self.names[rawValue] }

    /// The JSON key (for `JSONWriter.key`).
    public var jsonKey: StaticString { spec.name }

    /// What the field holds.
    public var kind: Kind { Self.kinds[rawValue] }

    private static let kinds = allCases.map(\.definition.kind)

    /// The most UTF-8 bytes a field's value can take (4 per character at its limit):
    /// what a CSV reader must let through for the limits to be checked as characters.
    public static let maxUTF8Bytes = allCases.map { field in
        if case .text(let maxLength) = field.kind { maxLength * 4 } else { 8 }
    }.max()!

    /// The fields a window cell's `contact` object carries, in order.
    public static let windowFields = allCases.filter { $0.spec.inWindow }

    private static let names = allCases.map { $0.spec.name.description }

    // MARK: - Derived SQL

    /// The columns of every field, in order: `first_name, last_name, ...`.
    public static let columnList = names.joined(separator: ", ")

    // MARK: - Import header

    /// A header name reduced to what matching compares: lower case, without spaces,
    /// underscores, hyphens, dots and tabs.
    static func headerKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" _-.\t".unicodeScalars.contains($0) })
    }

    /// Every accepted header key, with its field.
    static let headerKeys: [String: ContactField] = {
        var keys: [String: ContactField] = [:]
        for field in allCases {
            for name in [field.name] + field.spec.aliases { keys[headerKey(name)] = field }
        }
        return keys
    }()

    /// The field a CSV header names, if any.
    public init?(header: String) {
        guard let field = Self.headerKeys[Self.headerKey(header)] else { return nil }
        self = field
    }

    /// The fields a CSV file has columns for: all but the photo's digest, which means nothing
    /// outside this server (an export writes the photo itself into `details`).
    public static let csvFields = allCases.filter { !$0.spec.isPhoto }

    /// The fields a write's JSON may name: all but the photo, which `PUT /contacts/{id}/photo`
    /// sets (docs/api.md, "Photos").
    public static let writableFields = allCases.filter { !$0.spec.isPhoto }

    /// The CSV header line of an export: every CSV field's name, in order.
    public static let csvHeader = csvFields.map(\.name)
}
