/// A contacts CSV's header read once into a plan, and each record turned into a
/// `ContactCard` by it: the file's columns to the card's fields
/// (`HeaderVocabulary`), nothing lost.
///
/// Per record: cells are trimmed (notes keep their spacing) and empty ones
/// skipped; Google's ` ::: ` makes several values of one cell, each with the
/// cell's label, and a label marked `* ` puts its value first; a phone labelled
/// main, then mobile, comes before the others; otherwise values keep the order
/// of their columns (the primary is the first). Of two columns filling one field,
/// the first value is kept and a different second one goes to `other` under its
/// header, as does every cell of an unknown column; an address's `Formatted`
/// text is its street when no other part is given, dropped when its parts say
/// all it says, and kept in `other` otherwise. A whole-name column fills the
/// names (`PersonName`) when no column gave a first or last name, and is kept in
/// `other` when it says more than they do.
public struct CSVCardMapping: Sendable {
    /// The header, as written.
    public let header: [String]
    /// The exporter the header is from.
    public let layout: CSVLayout
    /// What each column fills.
    public let columns: [CardColumn]

    private enum Scalar: Sendable {
        case prefix, first, middle, last, suffix, nickname, phoneticFirst, phoneticLast, company, department
        case title, notes, uid
    }

    private enum Step: Sendable {
        case scalar(Scalar)
        case fullName, birthday, birthYear, birthMonth, birthDay, categories, favorite, details, photo, extra
        case labeledValue(Int)
        case labeledLabel(Int)
        case address(Int, CardColumn.AddressPart)
    }

    private struct LabeledSlot: Sendable {
        let kind: CardColumn.LabeledKind
        let label: String
        let rank: Int
    }

    private let steps: [Step]
    private let labeledSlots: [LabeledSlot]
    private let addressLabels: [String]
    private let dayFirst: Bool
    /// The header is Roster's export's: its neutralized formulas are taken back (`CSVFormulas`).
    private let restoresFormulas: Bool

    /// The plan for `header` (its layout detected unless given).
    public init(header: [String], layout: CSVLayout? = nil) {
        let layout = layout ?? CSVLayout.detect(header: header)
        self.header = header
        self.layout = layout
        dayFirst = layout.dayFirst
        restoresFormulas = header == ContactField.csvHeader
        var columns: [CardColumn] = []
        var steps: [Step] = []
        var slots: [LabeledSlot] = []
        var slotByGroup: [String: Int] = [:]
        var valued = Set<Int>()
        var labelled = Set<Int>()
        var addressByGroup: [String: Int] = [:]
        var addressLabels: [String] = []
        var seenPrefix = false
        for (index, name) in header.enumerated() {
            var column = HeaderVocabulary.column(name, layout: layout)
            if column == .prefix && seenPrefix && HeaderVocabulary.key(name) == "titre" { column = .title }
            if column == .prefix { seenPrefix = true }
            switch column {
            case .labeled(let kind, var group, let label, let part):
                var slotKey = "\(kind)/\(group)"
                if part == .value && slotByGroup[slotKey].map(valued.contains) == true
                    || part == .label && slotByGroup[slotKey].map(labelled.contains) == true
                {
                    group += "#\(index)"  // a second column of the same value: a value of its own
                    slotKey = "\(kind)/\(group)"
                    column = .labeled(kind, group: group, label: label, part: part)
                }
                let slot =
                    slotByGroup[slotKey]
                    ?? {
                        let rank = kind != .phone ? 2 : label == "main" ? 0 : label == "mobile" ? 1 : 2
                        slots.append(LabeledSlot(kind: kind, label: label, rank: rank))
                        slotByGroup[slotKey] = slots.count - 1
                        return slots.count - 1
                    }()
                if part == .value {
                    valued.insert(slot)
                    steps.append(.labeledValue(slot))
                } else {
                    labelled.insert(slot)
                    steps.append(.labeledLabel(slot))
                }
            case .address(let group, let label, let part):
                let slot =
                    addressByGroup[group]
                    ?? {
                        addressLabels.append(label)
                        addressByGroup[group] = addressLabels.count - 1
                        return addressLabels.count - 1
                    }()
                steps.append(.address(slot, part))
            case .prefix: steps.append(.scalar(.prefix))
            case .firstName: steps.append(.scalar(.first))
            case .middleName: steps.append(.scalar(.middle))
            case .lastName: steps.append(.scalar(.last))
            case .suffix: steps.append(.scalar(.suffix))
            case .nickname: steps.append(.scalar(.nickname))
            case .phoneticFirstName: steps.append(.scalar(.phoneticFirst))
            case .phoneticLastName: steps.append(.scalar(.phoneticLast))
            case .company: steps.append(.scalar(.company))
            case .department: steps.append(.scalar(.department))
            case .title: steps.append(.scalar(.title))
            case .notes: steps.append(.scalar(.notes))
            case .uid: steps.append(.scalar(.uid))
            case .fullName: steps.append(.fullName)
            case .birthday: steps.append(.birthday)
            case .birthYear: steps.append(.birthYear)
            case .birthMonth: steps.append(.birthMonth)
            case .birthDay: steps.append(.birthDay)
            case .categories: steps.append(.categories)
            case .favorite: steps.append(.favorite)
            case .details: steps.append(.details)
            case .photo: steps.append(.photo)
            case .extra: steps.append(.extra)
            }
            columns.append(column)
        }
        self.columns = columns
        self.steps = steps
        self.labeledSlots = slots
        self.addressLabels = addressLabels
    }

    /// Whether some column can list a contact: a name, a company or an e-mail (a
    /// store keeps no contact with none of them).
    public var canName: Bool {
        columns.contains { column in
            switch column {
            case .firstName, .lastName, .fullName, .company: true
            case .labeled(let kind, _, _, .value): kind == .email
            default: false
            }
        }
    }

    /// The card `record` holds (cells past the header's count are ignored: the
    /// reader reports them).
    public func card(_ record: [String]) -> ContactCard {
        var card = ContactCard()
        var values = [String](repeating: "", count: labeledSlots.count)
        var labels = [String](repeating: "", count: labeledSlots.count)
        var addresses = addressLabels.map { ContactCard.Address(label: $0) }
        var formatted = [(column: Int, text: String)?](repeating: nil, count: addressLabels.count)
        var fullName: (column: Int, text: String)?
        var birth = ("", "", "")
        var birthColumns: [Int] = []
        var details: ContactDetails?
        for (column, written) in zip(steps.indices, record) where !written.isEmpty {
            let step = steps[column]
            let cell = restoresFormulas ? CSVFormulas.restored(written) : written
            if case .scalar(.notes) = step {
                if !cell.allSatisfy(\.isWhitespace) && !assign(&card.notes, cell) {
                    keep(column, cell, &card)
                }
                continue
            }
            let value = cell.trimmingCharacters()
            if value.isEmpty { continue }
            switch step {
            case .scalar(let scalar): set(scalar, value, column, &card)
            case .labeledValue(let slot): values[slot] = value
            case .labeledLabel(let slot): labels[slot] = value
            case .address(let slot, let part):
                switch part {
                case .label: addresses[slot].label = value
                case .formatted: formatted[slot] = (column, value)
                case .street where !addresses[slot].street.isEmpty: addresses[slot].street += "\n" + value
                case .street: addresses[slot].street = value
                case .poBox:
                    if !assign(&addresses[slot].poBox, value) { keep(column, value, &card) }
                case .extended: if !assign(&addresses[slot].extended, value) { keep(column, value, &card) }
                case .city: if !assign(&addresses[slot].city, value) { keep(column, value, &card) }
                case .region: if !assign(&addresses[slot].region, value) { keep(column, value, &card) }
                case .postcode: if !assign(&addresses[slot].postcode, value) { keep(column, value, &card) }
                case .country: if !assign(&addresses[slot].country, value) { keep(column, value, &card) }
                }
            case .fullName:
                if fullName == nil { fullName = (column, value) } else { keep(column, value, &card) }
            case .birthday:
                let date = CardValues.birthday(value, dayFirst: dayFirst)
                if !date.isEmpty && !assign(&card.birthday, date) { keep(column, value, &card) }
            case .birthYear: (birth.0, birthColumns) = (value, birthColumns + [column])
            case .birthMonth: (birth.1, birthColumns) = (value, birthColumns + [column])
            case .birthDay: (birth.2, birthColumns) = (value, birthColumns + [column])
            case .categories:
                let (groups, starred) = CardValues.categories(value)
                card.categories += groups.filter { !card.categories.contains($0) }
                if starred { card.favorite = true }
            case .favorite: card.favorite = card.favorite || CSVColumns.truth(value)
            case .details:
                if details == nil, let read = try? ContactDetails(json: value) {
                    details = read
                } else {
                    keep(column, value, &card)
                }
            case .photo:
                // A `data:` URI is the photo itself (kept when the import keeps photos), a URL
                // names one (kept, never fetched); anything else is kept as written.
                if card.photo == nil, let (type, bytes) = PhotoIntake.dataURI(value) {
                    card.photo = .data(mediaType: type, bytes: bytes)
                } else if card.photo == nil, value.lowercased().hasPrefix("http") {
                    card.photo = .url(value)
                } else {
                    keep(column, value, &card)
                }
            case .extra: keep(column, value, &card)
            }
        }
        fillLabeled(values, labels, &card)
        fillAddresses(&addresses, formatted, &card)
        if !birthColumns.isEmpty {
            if let date = CardValues.birthday(year: birth.0, month: birth.1, day: birth.2),
                card.birthday.isEmpty
            {
                card.birthday = date
            } else {
                for column in birthColumns { keep(column, record[column].trimmingCharacters(), &card) }
            }
        }
        if let (column, text) = fullName { fillNames(text, column, &card) }
        if let details {
            // Roster's own export: its fields and details make the card again.
            let extra = card.other
            card = ContactCard(fields: card.split().fields, details: details)
            card.other += extra
        }
        return card
    }

    // MARK: - Filling

    private func keep(_ column: Int, _ value: String, _ card: inout ContactCard) {
        card.other.append(ContactCard.Property(name: header[column], value: value))
    }

    /// Sets `field` unless an earlier column did; false when that one differs
    /// (the value is then the caller's to keep in `other`).
    private func assign(_ field: inout String, _ value: String) -> Bool {
        if field.isEmpty {
            field = value
            return true
        }
        return field == value
    }

    private func set(_ scalar: Scalar, _ value: String, _ column: Int, _ card: inout ContactCard) {
        switch scalar {
        case .prefix: if !assign(&card.prefix, value) { keep(column, value, &card) }
        case .first: if !assign(&card.firstName, value) { keep(column, value, &card) }
        case .middle: if !assign(&card.middleName, value) { keep(column, value, &card) }
        case .last: if !assign(&card.lastName, value) { keep(column, value, &card) }
        case .suffix: if !assign(&card.suffix, value) { keep(column, value, &card) }
        case .nickname: if !assign(&card.nickname, value) { keep(column, value, &card) }
        case .phoneticFirst: if !assign(&card.phoneticFirstName, value) { keep(column, value, &card) }
        case .phoneticLast: if !assign(&card.phoneticLastName, value) { keep(column, value, &card) }
        case .company: if !assign(&card.company, value) { keep(column, value, &card) }
        case .department: if !assign(&card.department, value) { keep(column, value, &card) }
        case .title: if !assign(&card.title, value) { keep(column, value, &card) }
        case .notes: if !assign(&card.notes, value) { keep(column, value, &card) }
        case .uid: if !assign(&card.uid, value) { keep(column, value, &card) }
        }
    }

    private func fillLabeled(_ values: [String], _ labels: [String], _ card: inout ContactCard) {
        var found: [(kind: CardColumn.LabeledKind, value: ContactCard.Labeled, order: Int)] = []
        for (slot, value) in values.enumerated() where !value.isEmpty {
            let (label, primary) = CardValues.label(
                labels[slot].isEmpty ? labeledSlots[slot].label : labels[slot])
            let order = primary ? 0 : labeledSlots[slot].rank
            for part in CardValues.values(value) {
                found.append((labeledSlots[slot].kind, ContactCard.Labeled(part, label: label), order))
            }
        }
        guard !found.isEmpty else { return }
        if found.count > 1 && zip(found, found.dropFirst()).contains(where: { $0.order > $1.order }) {
            found = found.enumerated().sorted { ($0.1.order, $0.0) < ($1.1.order, $1.0) }.map(\.1)
        }
        for (kind, value, _) in found {
            switch kind {
            case .email: card.emails.append(value)
            case .phone: card.phones.append(value)
            case .url: card.urls.append(value)
            }
        }
    }

    private func fillAddresses(
        _ addresses: inout [ContactCard.Address], _ formatted: [(column: Int, text: String)?],
        _ card: inout ContactCard
    ) {
        var primary: [ContactCard.Address] = []
        var rest: [ContactCard.Address] = []
        for index in addresses.indices {
            var address = addresses[index]
            if let (column, text) = formatted[index] {
                if address.isEmpty {
                    address.street = text
                } else {
                    let parts =
                        [address.poBox, address.extended, address.street, address.city, address.region]
                        + [address.postcode, address.country]
                    let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    let saysMore = !parts.allSatisfy { part in
                        part.isEmpty
                            || flat.contains(
                                part.split(whereSeparator: \.isWhitespace).joined(separator: " "))
                    }
                    if saysMore { keep(column, text, &card) }
                }
            }
            guard !address.isEmpty else { continue }
            let (label, isPrimary) = CardValues.label(address.label)
            address.label = label
            if isPrimary { primary.append(address) } else { rest.append(address) }
        }
        card.addresses = primary + rest
    }

    private func fillNames(_ text: String, _ column: Int, _ card: inout ContactCard) {
        if card.firstName.isEmpty && card.lastName.isEmpty {
            let name = PersonName(splitting: text)
            card.firstName = name.first
            card.lastName = name.last
            if card.middleName.isEmpty { card.middleName = name.middle }
            if card.prefix.isEmpty { card.prefix = name.prefix }
            if card.suffix.isEmpty { card.suffix = name.suffix }
            return
        }
        let plain = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let said = [
            card.formattedName,
            [card.firstName, card.lastName].filter { !$0.isEmpty }.joined(separator: " "),
        ]
        if !said.contains(plain) { keep(column, text, &card) }
    }
}
