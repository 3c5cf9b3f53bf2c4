/// Cards as vCard text: 3.0 (the default, which iOS and macOS read best) or 4.0.
///
/// Lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence.
/// Written, in this order: VERSION, PRODID, FN (the card's own when `other`
/// starts with one and the card has names, else `vCardFormattedName`), N (in 4.0 with
/// `SORT-AS="last,first"` when the names have readings that a parameter can carry),
/// X-PHONETIC-FIRST-NAME and X-PHONETIC-LAST-NAME (as Apple and Android write readings), NICKNAME, ORG, TITLE, EMAIL,
/// TEL, ADR, URL (a well-known label as TYPE; a custom one as an `itemN.` group
/// with an `X-ABLabel`; the first of two or more emails, phones and addresses
/// marked preferred), BDAY (`VCardBirthday`), NOTE, CATEGORIES (with Google's
/// `starred` for a favorite), UID, PHOTO (3.0 `ENCODING=b` or `VALUE=uri`; 4.0 a
/// `data:` URI or the URL), then `other` as it came. An `other` property whose
/// name the reader would not give back as it stands (a CSV column such as
/// "E-mail 3 - Type", a name the reader maps such as a second TITLE, one with
/// QUOTED-PRINTABLE or CHARSET) is written as `X-ROSTER-FIELD;X-NAME="name"`, which
/// the reader turns back into it.
///
/// What the reader then gives is the same card (`VCardReader` with photos
/// kept), but for what a vCard cannot say: line breaks come back as LF, empty
/// emails, phones, URLs, addresses and categories are not written, categories
/// are trimmed, and `myContacts`/`starred` among them are Google's marks.
public struct VCardWriter: Sendable {
    public enum Version: String, Sendable, CaseIterable {
        case v3 = "3.0"
        case v4 = "4.0"
    }

    public let version: Version

    public init(version: Version = .v3) { self.version = version }

    /// `card` as vCard text, appended to `out`.
    public func write(_ card: ContactCard, to out: inout [UInt8]) {
        var lines = VCardLines(out: out, version4: version == .v4)
        out = []
        lines.card(card)
        out = lines.out
    }

    /// `cards` as vCard text.
    public func text(_ cards: [ContactCard]) -> String {
        var out: [UInt8] = []
        for card in cards { self.write(card, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The writer's lines: one content line is built, then folded onto `out`.
struct VCardLines {
    var out: [UInt8]
    let version4: Bool
    private var line: [UInt8] = []
    private var usedGroups: Set<String> = []
    private var nextGroup = 1

    init(out: [UInt8], version4: Bool) {
        self.out = out
        self.version4 = version4
        line.reserveCapacity(128)
    }

    mutating func card(_ card: ContactCard) {
        usedGroups = Set(card.other.compactMap { VCardOtherNames.group($0.name) })
        nextGroup = 1
        raw("BEGIN:VCARD")
        end()
        raw(version4 ? "VERSION:4.0" : "VERSION:3.0")
        end()
        raw("PRODID:-//Roster//Roster//EN")
        end()
        var others = card.other[...]
        let derived = card.vCardFormattedName
        // The card's own FN, when it has names (with none, the reader would split an FN into names).
        if let first = others.first, VCardOtherNames.isOwnFormattedName(first.name), first.value != derived,
            !card.formattedName.isEmpty
        {
            raw(first.name)
            property(":", first.value)
            others = others.dropFirst()
        } else {
            property("FN:", derived)
        }
        raw("N")
        if version4, let readings = Self.sortAs(card) {
            raw(";SORT-AS=")
            VCardTextEscaping.appendQuotedParameter(readings, to: &line)
        }
        line.append(0x3A)
        for (index, part) in [card.lastName, card.firstName, card.middleName, card.prefix, card.suffix]
            .enumerated()
        {
            if index > 0 { line.append(0x3B) }
            VCardTextEscaping.appendText(part, to: &line)
        }
        end()
        if !card.phoneticFirstName.isEmpty { property("X-PHONETIC-FIRST-NAME:", card.phoneticFirstName) }
        if !card.phoneticLastName.isEmpty { property("X-PHONETIC-LAST-NAME:", card.phoneticLastName) }
        if !card.nickname.isEmpty { property("NICKNAME:", card.nickname) }
        organization(card)
        if !card.title.isEmpty { property("TITLE:", card.title) }
        labeled("EMAIL", card.emails, internet: true)
        // A number that itself starts with `tel:` keeps it: the reader drops one.
        labeled(
            "TEL",
            card.phones.map { phone in
                phone.value.prefix(4).lowercased() == "tel:"
                    ? .init("tel:" + phone.value, label: phone.label) : phone
            })
        addresses(card.addresses)
        labeled("URL", card.urls, minimal: true)
        birthday(card.birthday)
        if !card.notes.isEmpty { property("NOTE:", card.notes) }
        let categories = card.categories.filter { !$0.isEmpty } + (card.favorite ? ["starred"] : [])
        if !categories.isEmpty {
            raw("CATEGORIES:")
            for (index, category) in categories.enumerated() {
                if index > 0 { line.append(0x2C) }
                VCardTextEscaping.appendText(category, to: &line)
            }
            end()
        }
        if !card.uid.isEmpty {
            raw("UID:")
            VCardTextEscaping.appendMinimal(card.uid, to: &line)
            end()
        }
        if let photo = card.photo { self.photo(photo) }
        for property in others {
            if VCardOtherNames.isWritable(property.name) {
                raw(property.name)
            } else {
                raw("X-ROSTER-FIELD;X-NAME=")
                VCardTextEscaping.appendQuotedParameter(property.name, to: &line)
            }
            line.append(0x3A)
            VCardTextEscaping.appendMinimal(property.value, to: &line)
            end()
        }
        raw("END:VCARD")
        end()
    }

    /// N's `SORT-AS` value, the readings of the last and first names; nil when there is none,
    /// or one holds a comma or a line break, which a component of it cannot (the X-PHONETIC
    /// lines carry them whole).
    private static func sortAs(_ card: ContactCard) -> String? {
        let readings = [card.phoneticLastName, card.phoneticFirstName]
        guard readings.contains(where: { !$0.isEmpty }),
            !readings.contains(where: { $0.utf8.contains { $0 == 0x2C || $0 == 0x0A || $0 == 0x0D } })
        else { return nil }
        return readings.joined(separator: ",")
    }

    private mutating func organization(_ card: ContactCard) {
        guard !card.company.isEmpty || !card.department.isEmpty else { return }
        raw("ORG:")
        VCardTextEscaping.appendText(card.company, to: &line)
        if !card.department.isEmpty {
            // Units back as the reader joined them; one written whole when a split would lose an empty last one.
            let units = card.department.split(separator: ";", omittingEmptySubsequences: false)
            for unit in units.last == "" ? [Substring(card.department)] : units {
                line.append(0x3B)
                VCardTextEscaping.appendText(String(unit), to: &line)
            }
        }
        end()
    }

    /// The group for a custom label, skipping those `other` uses.
    private mutating func group() -> String {
        while usedGroups.contains("item\(nextGroup)") { nextGroup += 1 }
        defer { nextGroup += 1 }
        return "item\(nextGroup)"
    }

    /// The TYPE and preference parameters, and the group of a custom label (nil for none).
    private mutating func parameters(label: String, preferred: Bool, internet: Bool = false) -> String? {
        if internet && !version4 { raw(";type=INTERNET") }
        var group: String?
        if let type = VCardLabels.typeName(label) {
            raw(version4 ? ";TYPE=" + type.lowercased() : ";type=" + type)
        } else if !label.isEmpty {
            group = self.group()
        }
        if preferred { raw(version4 ? ";PREF=1" : ";type=pref") }
        return group
    }

    private mutating func labeled(
        _ name: String, _ values: [ContactCard.Labeled], internet: Bool = false, minimal: Bool = false
    ) {
        for (index, value) in values.enumerated() where !value.value.isEmpty {
            let start = line.count
            raw(name)
            let preferred = index == 0 && values.count > 1 && !minimal
            if let group = parameters(label: value.label, preferred: preferred, internet: internet) {
                line.insert(contentsOf: Array((group + ".").utf8), at: start)
                finish(value.value, minimal: minimal)
                abLabel(group, value.label)
            } else {
                finish(value.value, minimal: minimal)
            }
        }
    }

    private mutating func finish(_ text: String, minimal: Bool) {
        line.append(0x3A)
        if minimal {
            VCardTextEscaping.appendMinimal(text, to: &line)
        } else {
            VCardTextEscaping.appendText(text, to: &line)
        }
        end()
    }

    private mutating func abLabel(_ group: String, _ label: String) {
        raw(group + ".X-ABLabel:")
        // A label in Apple's `_$!<...>!$_` form itself is wrapped once more, as the reader unwraps one.
        let apple = label.hasPrefix("_$!<") && label.hasSuffix(">!$_") && label.count >= 8
        VCardTextEscaping.appendText(apple ? "_$!<" + label + ">!$_" : label, to: &line)
        end()
    }

    private mutating func addresses(_ addresses: [ContactCard.Address]) {
        for (index, address) in addresses.enumerated() where !address.isEmpty {
            raw("ADR")
            let group = parameters(label: address.label, preferred: index == 0 && addresses.count > 1)
            if let group { line.insert(contentsOf: Array((group + ".").utf8), at: 0) }
            line.append(0x3A)
            let parts = [
                address.poBox, address.extended, address.street, address.city, address.region,
                address.postcode,
                address.country,
            ]
            for (index, part) in parts.enumerated() {
                if index > 0 { line.append(0x3B) }
                VCardTextEscaping.appendText(part, to: &line)
            }
            end()
            if let group { abLabel(group, address.label) }
        }
    }

    private mutating func birthday(_ birthday: String) {
        guard !birthday.isEmpty else { return }
        switch VCardBirthday.write(birthday, version4: version4) {
        case .date(let date): raw("BDAY:" + date)
        case .yearless(let date): raw("BDAY;X-APPLE-OMIT-YEAR=1604:" + date)
        case .text(let text):
            // 3.0 has no text birthdays, but a text that reads as a date must say it is none.
            let marked = version4 || VCardBirthday.normalized(text) != nil
            raw(marked ? "BDAY;VALUE=text:" : "BDAY:")
            VCardTextEscaping.appendText(text, to: &line)
        }
        end()
    }

    private mutating func photo(_ photo: ContactCard.Photo) {
        switch photo {
        case .url(let url):
            raw(version4 ? "PHOTO:" : "PHOTO;VALUE=uri:")
            VCardTextEscaping.appendMinimal(url, to: &line)
        case .data(let mediaType, let bytes):
            // 3.0's ENCODING=b carries no media type, or one TYPE gives back as it is; a data URI the rest.
            let token = mediaType.utf8.allSatisfy { byte in
                let upper = VCardBytes.upper(byte)
                return (upper >= 0x41 && upper <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                    || "/+-.".utf8.contains(byte)
            }
            if version4 || !(mediaType.isEmpty || (token && mediaType.contains("/"))) {
                raw(version4 ? "PHOTO:data:" : "PHOTO;VALUE=uri:data:")
                VCardTextEscaping.appendMinimal(mediaType, to: &line)
                raw(";base64,")
            } else {
                raw("PHOTO;ENCODING=b")
                let subtype = mediaType.dropFirst(6)
                if mediaType.hasPrefix("image/") && mediaType == mediaType.lowercased()
                    && !subtype.contains("/")
                {
                    raw(";TYPE=" + subtype.uppercased())
                } else if !mediaType.isEmpty {
                    raw(";TYPE=" + mediaType)
                }
                raw(":")
            }
            VCardEncodings.encodeBase64(bytes, into: &line)
        }
        end()
    }

    private mutating func property(_ head: String, _ text: String) {
        raw(head)
        VCardTextEscaping.appendText(text, to: &line)
        end()
    }

    private mutating func raw(_ text: String) { line.append(contentsOf: text.utf8) }

    /// The line folded onto `out`: 75 octets, then 74 after each CRLF and space.
    private mutating func end() {
        var start = 0
        var limit = 75
        while line.count - start > limit {
            var cut = start + limit
            while (line[cut] & 0xC0) == 0x80 { cut -= 1 }
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            limit = 74
        }
        out.append(contentsOf: line[start...])
        out.append(contentsOf: [0x0D, 0x0A])
        line.removeAll(keepingCapacity: true)
    }
}
