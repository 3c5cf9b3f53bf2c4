import Phones

/// Re-importing without duplicates (`ImportMode.merge`), without a store: the keys
/// a row is matched to a stored contact by, in the order they are tried (the
/// vCard `UID`, then the e-mail, then the same name and phone), and what a matched
/// contact becomes.
public enum ContactMatch {
    /// The keys of `fields`, strongest first: `uid:...`, `email:...` (case folded),
    /// `name:...` (the folded names and the phone: its E.164 form read in `region`,
    /// so that `(020) 7946 0958` and `+442079460958` are one number in GB, or its
    /// digits when it has none). Each only when there is something to match by.
    public static func keys(_ fields: ContactFields, region: PhoneRegion) -> [String] {
        var keys: [String] = []
        if fields.details.contains("\"uid\""), let details = try? ContactDetails(json: fields.details),
            !details.uid.isEmpty
        {
            keys.append("uid:" + details.uid)
        }
        let email = fields.email.trimmingCharacters().lowercased()
        if !email.isEmpty { keys.append("email:" + email) }
        let digits = fields.phone.unicodeScalars.filter { ("0"..."9").contains($0) }
        let first = NameFolding.fold(fields.firstName)
        let last = NameFolding.fold(fields.lastName)
        if !digits.isEmpty, !(first.isEmpty && last.isEmpty) {
            // An E.164 form starts with "+", which digits never do: the two never meet.
            let phone =
                PhoneNumbers.e164(fields.phone, region: region) ?? String(String.UnicodeScalarView(digits))
            keys.append(
                "name:" + String(decoding: first, as: UTF8.self) + "\u{1}"
                    + String(decoding: last, as: UTF8.self)
                    + "\u{1}" + phone)
        }
        return keys
    }

    /// `stored` updated with what the file's row `incoming` says: every field the row
    /// has a value for takes it, one it leaves empty keeps the contact's (a star
    /// set on either stays); details key by key, the same way, and the properties
    /// kept from files are the contact's and then the row's new ones. Normalized
    /// as every write is (`ContactDetails.normalized`).
    public static func merged(_ stored: ContactFields, with incoming: ContactFields) -> ContactFields {
        var fields = stored
        for field in ContactField.allCases where field != .details && field != .favorite {
            if !incoming[text: field].isEmpty { fields[field] = incoming[field] }
        }
        fields.favorite = stored.favorite || incoming.favorite
        let old = (try? ContactDetails(json: stored.details)) ?? ContactDetails()
        let new = (try? ContactDetails(json: incoming.details)) ?? ContactDetails()
        var details = old
        for path in ContactDetails.textKeys.map(\.1) + [\.uid] where !new[keyPath: path].isEmpty {
            details[keyPath: path] = new[keyPath: path]
        }
        if !new.emails.isEmpty { details.emails = new.emails }
        if !new.phones.isEmpty { details.phones = new.phones }
        if !new.addresses.isEmpty { details.addresses = new.addresses }
        if !new.urls.isEmpty { details.urls = new.urls }
        if let photo = new.photo { details.photo = photo }
        details.other += new.other.filter { !old.other.contains($0) }
        let (normal, rest) = ContactDetails.normalized(fields, details)
        var result = normal
        result.details = rest.json
        return result
    }
}
