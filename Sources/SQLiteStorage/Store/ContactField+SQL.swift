import Contacts

extension ContactField {
    /// `?first, ?first+1, ...`: one numbered parameter per field, in column order.
    static func parameters(from first: Int) -> String {
        allCases.map { "?\(first + $0.rawValue)" }.joined(separator: ", ")
    }

    /// `INSERT INTO contacts` of an id (parameter `idParameter`) and every field (from
    /// parameter `idParameter + 2` on; the one between is the sort key, which
    /// `ContactStore.orderInsertSQL` takes).
    static func insertSQL(idParameter: Int) -> String {
        "INSERT INTO contacts (id, \(columnList)) VALUES (?\(idParameter), "
            + parameters(from: idParameter + 2) + ")"
    }

    /// `UPDATE contacts` of one contact (its id is parameter 1) to every field
    /// (3...) and a revision (the parameter after them).
    static let updateSQL =
        "UPDATE contacts SET "
        + allCases.map { "\($0.name) = ?\(3 + $0.rawValue)" }.joined(separator: ", ")
        + ", revision = ?\(3 + allCases.count) WHERE id = ?1"

    /// The fields the sort key follows from, read by id: `first_name, last_name`.
    static let nameColumns = "\(ContactField.firstName.name), \(ContactField.lastName.name)"
}

extension Statement {
    /// Binds every field of `fields` to parameters `first`, `first + 1`, ... in column order.
    func bind(_ fields: ContactFields, from first: Int32) {
        for field in ContactField.allCases {
            let index = first + Int32(field.rawValue)
            switch fields[field] {
            case .text(let text): self.bind(text, at: index)
            case .boolean(let value): self.bind(value ? 1 : 0, at: index)
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
