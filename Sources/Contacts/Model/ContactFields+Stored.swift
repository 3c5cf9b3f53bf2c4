import Foundation

/// A contact's fields as one JSON object, keyed by field name (text as strings, a
/// flag as a boolean, `details` as its text): how a contact's earlier revisions and
/// its tombstone keep it (docs/api.md, "Merging an older revision's write";
/// docs/api.md, "Undo").
/// Every field of `ContactField` is in it, so a field added later is kept without
/// a column of its own; one missing from an object written before is empty.
extension ContactFields {
    /// The JSON object's text, fields in column order (written by hand: every update
    /// and delete writes one).
    public var storedJSON: String {
        var out = JSONText()
        for field in ContactField.allCases {
            out.key(field.name)
            switch self[field] {
            case .text(let text): out.string(text)
            case .boolean(let flag): out.bool(flag)
            }
        }
        return out.finished()
    }

    /// The fields `storedJSON` wrote.
    /// - Throws: `ContactsError.inconsistent` when `text` is not a JSON object.
    public init(storedJSON text: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw ContactsError.inconsistent("a stored revision is not a JSON object of fields")
        }
        self.init()
        for field in ContactField.allCases {
            switch field.kind {
            case .text: self[field] = .text(object[field.name] as? String ?? "")
            case .boolean:
                let flag =
                    object[field.name] as? Bool ?? (object[field.name] as? NSNumber)?.boolValue ?? false
                self[field] = .boolean(flag)
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
