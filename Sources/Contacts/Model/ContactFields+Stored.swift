import Codecs

/// A contact's fields as one JSON object, keyed by field name (text as strings, a
/// flag as a boolean, `details` as its text): how a contact's earlier revisions and
/// its tombstone keep it (docs/api.md, "Merging an older revision's write";
/// docs/api.md, "Undo").
/// Every field of `ContactField` is in it, so a field added later is kept without
/// a column of its own; one missing from an object written before is empty.
extension ContactFields {
    /// The JSON object's text, fields in column order (written straight onto bytes
    /// by `JSONWriter`: every update and delete writes one).
    public var storedJSON: String {
        var out = JSONWriter(strings: .jsonKeepingDelete)
        out.object { out in
            for field in ContactField.allCases {
                out.key(field.jsonKey)
                switch self[field] {
                case .text(let text): out.string(text)
                case .boolean(let flag): out.boolean(flag)
                }
            }
        }
        return out.text
    }

    /// The fields `storedJSON` wrote.
    /// - Throws: `ContactsError.inconsistent` when `text` is not a JSON object.
    public init(storedJSON text: String) throws {
        guard let object = try? JSONReader.read(text), case .object = object else {
            throw ContactsError.inconsistent("a stored revision is not a JSON object of fields")
        }
        self.init()
        for field in ContactField.allCases {
            switch (field.kind, object[field.name]) {
            case (.text, .string(let text)?): self[field] = .text(text)
            case (.text, _): self[field] = .text("")
            // A flag written as a number is its truth (0 false, anything else true).
            case (.boolean, .bool(let flag)?): self[field] = .boolean(flag)
            case (.boolean, .number(let number)?): self[field] = .boolean(number.value != 0)
            case (.boolean, _): self[field] = .boolean(false)
            }
        }
        // Kept before labels were a field: its labels are in `details.categories`.
        if object[ContactField.labels.name] == nil, details.contains("\"categories\""),
            let kept = try? ContactDetails(json: details), !kept.categories.isEmpty
        {
            let (normal, rest) = ContactDetails.normalized(self, kept)
            self = normal
            self.details = rest.json
        }
    }
}
