/// Maps a CSV header to contact fields: names match with case, spaces,
/// underscores and hyphens ignored, plus the aliases of `ContactField`'s table
/// ("Given Name", "Surname", "E-mail", "Mobile"...). Unknown columns are kept
/// aside to report.
public struct CSVColumns: Equatable, Sendable {
    /// For each CSV column, the field it fills (nil: ignored).
    public let fields: [ContactField?]
    /// Names of the columns that fill nothing, as written.
    public let ignored: [String]
    /// The header is Roster's export's: its neutralized formulas are taken back (`CSVFormulas`).
    public let restoresFormulas: Bool
    /// Per column, what `contact(_:)` does with it (looked up once, not per row).
    private let plan: [(field: ContactField, kind: ContactField.Kind, keepsSpacing: Bool)?]

    public static func == (lhs: CSVColumns, rhs: CSVColumns) -> Bool {
        lhs.fields == rhs.fields && lhs.ignored == rhs.ignored
    }

    /// The mapping of `header`.
    /// - Throws: `ContactsError.noNameColumn` when no column holds a name, a company or an e-mail.
    public init(header: [String], line: Int = 1) throws(ContactsError) {
        var used = Set<ContactField>()
        var fields: [ContactField?] = []
        var ignored: [String] = []
        for name in header {
            if let field = ContactField(header: name), !used.contains(field) {
                used.insert(field)
                fields.append(field)
            } else {
                fields.append(nil)
                ignored.append(name)
            }
        }
        guard !used.isDisjoint(with: [.firstName, .lastName, .company, .email]) else {
            throw ContactsError.noNameColumn(line: line, header: header)
        }
        self.fields = fields
        self.ignored = ignored
        // Roster's own export, also as written before labels were a field.
        restoresFormulas =
            header == ContactField.csvHeader
            || header == ContactField.csvHeader.filter { $0 != ContactField.labels.name }
        plan = fields.map { $0.map { ($0, $0.kind, $0.spec.keepsSpacing) } }
    }

    /// What a CSV cell of a boolean field means: true for `true`, `yes`, `y`, `1`,
    /// `x` (any case), false for anything else, empty included.
    static func truth(_ text: String) -> Bool {
        ["true", "yes", "y", "1", "x"].contains(text.lowercased())
    }

    /// The contact a record holds (fields trimmed of surrounding white space,
    /// unless the field keeps its spacing).
    public func contact(_ record: [String]) -> ContactFields {
        var contact = ContactFields()
        for (column, value) in zip(plan, record) {
            guard let (field, kind, keepsSpacing) = column else { continue }
            let value = restoresFormulas ? CSVFormulas.restored(value) : value
            switch kind {
            case .text where field.spec.isList:
                contact[field] = .text(ContactLabels.cleaned(stored: value))
            case .text:
                contact[field] = .text(keepsSpacing ? value : value.trimmingCharacters())
            case .boolean:
                contact[field] = .boolean(Self.truth(value.trimmingCharacters()))
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
