import Contacts

/// What an expanded row shows below the row itself (docs/api.md, "GET /window"):
/// one line per e-mail, per phone and per address of the contact, each with its
/// label when it has one, and one line of its labels. Each line is drawn on one
/// 20 px line that cannot wrap, as the notes are, so the row's height is exact.
enum ExpandedLines {
    /// The pixels each line adds to the row.
    static let lineHeight = OrderRowHeights.perLine

    /// The lines of `contact`: its e-mails (the primary one first), its phones, its
    /// addresses (or its city when it has no address), then its labels.
    /// - Complexity: O(size of the contact's fields).
    static func lines(of contact: Contact) -> [String] {
        let fields = contact.fields
        let details = (try? ContactDetails(json: fields.details)) ?? ContactDetails()
        var lines: [String] = []
        if !fields.email.isEmpty { lines.append(labelled(details.emailLabel, fields.email)) }
        lines += details.emails.map { labelled($0.label, $0.value) }
        if !fields.phone.isEmpty { lines.append(labelled(details.phoneLabel, fields.phone)) }
        lines += details.phones.map { labelled($0.label, $0.value) }
        if details.addresses.isEmpty {
            if !fields.city.isEmpty { lines.append(fields.city) }
        } else {
            for (index, address) in details.addresses.enumerated() {
                // The first address's city is the contact's `city` field.
                let city = index == 0 && address.city.isEmpty ? fields.city : address.city
                let parts = [
                    address.poBox, address.extended, address.street, city, address.region, address.postcode,
                    address.country,
                ]
                let text = parts.filter { !$0.isEmpty }.joined(separator: ", ")
                if !text.isEmpty { lines.append(labelled(address.label, text)) }
            }
        }
        let labels = ContactLabels.names(fields.labels)
        if !labels.isEmpty { lines.append(labels.joined(separator: ", ")) }
        return lines.map(oneLine)
    }

    /// `label: value`, or the value alone without a label.
    private static func labelled(_ label: String, _ value: String) -> String {
        label.isEmpty ? value : "\(label): \(value)"
    }

    /// The text on one line: line breaks and tabs become spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
