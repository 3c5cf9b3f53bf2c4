import Contacts

extension ContactField {
    /// The field's SQL parameter: its column name after a colon (`:first_name`).
    var parameter: String { Self.parameterNames[rawValue] }

    private static let parameterNames = allCases.map { ":" + $0.name }

    /// `:first_name, :last_name, ...`: every field's parameter, in column order.
    static let parameterList = parameterNames.joined(separator: ", ")

    /// `INSERT INTO contacts` of an id (`:id`) and every field (`:first_name`...).
    static let insertSQL = "INSERT INTO contacts (id, \(columnList)) VALUES (:id, \(parameterList))"

    /// `UPDATE contacts` of one contact (`:id`) to every field (`:first_name`...) and
    /// a revision (`:revision`).
    static let updateSQL =
        "UPDATE contacts SET "
        + allCases.map { "\($0.name) = \($0.parameter)" }.joined(separator: ", ")
        + ", revision = :revision WHERE id = :id"

    /// The columns a sort key is made of (`ContactSortKey(firstName:lastName:company:email:)`).
    static let nameColumns = [ContactField.firstName, .lastName, .company, .email].map(\.name).joined(
        separator: ", ")
}

extension SQLiteStatement {
    /// Binds every field of `fields` to its parameter (`:first_name`...).
    func bind(_ fields: ContactFields) {
        for (field, parameter) in zip(ContactField.allCases, fieldParameters) {
            switch fields[field] {
            case .text(let text): self.bind(text, to: parameter)
            case .boolean(let value): self.bind(value ? 1 : 0, to: parameter)
            }
        }
    }

    /// The fields of the current row, read from columns `first`, `first + 1`, ... in column order.
    func fields(from first: Int32) -> ContactFields {
        var fields = ContactFields()
        for field in ContactField.allCases {
            let column = first + Int32(field.rawValue)
            switch field.kind {
            case .text: fields[field] = .text(string(at: column))
            case .boolean: fields[field] = .boolean(int(at: column) != 0)
            }
        }
        return fields
    }
}
