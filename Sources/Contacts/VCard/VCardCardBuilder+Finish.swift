/// The end of a card: group labels, the preferred values first, names from FN, the
/// readings `SORT-AS` and `SORT-STRING` give, the photo decoded.
extension VCardCardBuilder {
    /// The card read, or a message (and its line) when it cannot be read.
    mutating func finish() -> Result<ContactCard, VCardError> {
        if let base64 = photoBase64 {
            guard let bytes = base64.withUnsafeBufferPointer({ VCardEncodings.decodeBase64($0) }) else {
                return .failure(
                    VCardError(line: photoLine, cardLine: 0, message: "PHOTO is not valid base64"))
            }
            card.photo = .data(mediaType: photoMediaType, bytes: bytes)
        }
        applyGroupLabels()
        Self.preferredFirst(&card.emails, emailRanks)
        Self.preferredFirst(&card.phones, phoneRanks)
        Self.preferredFirst(&card.addresses, addressRanks)
        if let formatted {
            if !hasNames && !card.isVCardFormattedName(formatted.value)
                && !Self.trimmed(formatted.value).isEmpty
            {
                VCardNameSplitter.split(formatted.value, into: &card)
            }
            if !card.isVCardFormattedName(formatted.value) { card.other.insert(formatted, at: 0) }
        }
        readings()
        var done = ContactCard()
        swap(&done, &card)
        return .success(done)
    }

    /// The readings `SORT-AS` and `SORT-STRING` give, for names no `X-PHONETIC-*` reads;
    /// one that only repeats its name says nothing, and an overridden `SORT-STRING` stays in `other`.
    private mutating func readings() {
        if let sortAs {
            if card.phoneticLastName.isEmpty && sortAs.last != card.lastName {
                card.phoneticLastName = sortAs.last
            }
            if card.phoneticFirstName.isEmpty && sortAs.first != card.firstName {
                card.phoneticFirstName = sortAs.first
            }
        }
        guard let sortString, sortString.value != card.lastName else { return }
        if card.phoneticLastName.isEmpty {
            card.phoneticLastName = sortString.value
        } else if sortString.value != card.phoneticLastName {
            card.other.append(sortString)
        }
    }

    /// Each X-ABLabel labels the emails, phones, addresses and URLs of its group,
    /// and leaves `other`; one whose group has none of them stays there.
    private mutating func applyGroupLabels() {
        guard !groupLabels.isEmpty else { return }
        var used: [Int] = []
        for entry in groupLabels {
            let label = VCardLabels.fromABLabel(entry.label)
            var found = false
            for item in grouped where item.group == entry.group {
                found = true
                switch item.kind {
                case .email: card.emails[item.index].label = label
                case .phone: card.phones[item.index].label = label
                case .address: card.addresses[item.index].label = label
                case .url: card.urls[item.index].label = label
                }
            }
            if found { used.append(entry.index) }
        }
        for index in used.reversed() { card.other.remove(at: index) }
    }

    /// A stable sort by preference (PREF=1 first, then 2..., unmarked last).
    private static func preferredFirst<T>(_ values: inout [T], _ ranks: [Int]) {
        guard values.count > 1, ranks.contains(where: { $0 < 101 }) else { return }
        values = zip(values, ranks).enumerated()
            .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
            .map(\.element.0)
    }
}

extension ContactCard {
    /// The FN the vCard writer writes when the card keeps none of its own (and the
    /// one the reader drops as derived): the formatted name, else the company,
    /// else the first e-mail, else the first phone, else "".
    var vCardFormattedName: String {
        let name = formattedName
        if !name.isEmpty { return name }
        if !company.isEmpty { return company }
        return emails.first?.value ?? phones.first?.value ?? ""
    }

    /// Whether `text` is `vCardFormattedName`, found without building it (the
    /// reader asks for every card).
    func isVCardFormattedName(_ text: String) -> Bool {
        guard prefix.isEmpty && firstName.isEmpty && middleName.isEmpty && lastName.isEmpty && suffix.isEmpty
        else {
            var rest = text.utf8[...]
            var first = true
            for name in [prefix, firstName, middleName, lastName, suffix] where !name.isEmpty {
                if !first {
                    guard rest.first == 0x20 else { return false }
                    rest = rest.dropFirst()
                }
                first = false
                guard rest.starts(with: name.utf8) else { return false }
                rest = rest.dropFirst(name.utf8.count)
            }
            return rest.isEmpty
        }
        return text == vCardFormattedName
    }
}
