/// One card's properties, as the reader meets them, into a `ContactCard`.
///
/// Mapped: N (last;first;middle;prefix;suffix), FN, NICKNAME (a list, joined
/// with ", "), ORG (company;department, further units joined to the department
/// with ";"), TITLE, EMAIL, TEL (a `tel:` URI's number without `tel:`), ADR
/// (PO box;extended;street;city;region;postcode;country), URL, BDAY
/// (`VCardBirthday`), NOTE (several joined with a line break), CATEGORIES (a
/// list; Google's `myContacts` dropped, its `starred` read as `favorite`), UID,
/// PHOTO (only when photos are kept), X-ABLabel of a group (`VCardLabels`), the readings
/// of the names: `X-PHONETIC-FIRST-NAME` and `X-PHONETIC-LAST-NAME` (Apple, Android), else
/// N's `SORT-AS="last,first"` (vCard 4), else `SORT-STRING` (vCard 3, the last name's), a
/// `SORT-AS` or `SORT-STRING` that only repeats the name dropped (Android's
/// `X-PHONETIC-MIDDLE-NAME` stays in `other`, as the middle name stays out of the list's
/// order and search). A second N, FN, ORG, TITLE, BDAY, UID or reading, and a `SORT-STRING`
/// an `X-PHONETIC-LAST-NAME` overrides, is kept in `other`, as is every other
/// property: its name as written with group and parameters (less the
/// `ENCODING=QUOTED-PRINTABLE` and `CHARSET` the reader decoded), its value
/// unescaped. Dropped: VERSION, PRODID and REV (they describe the file), values
/// that are empty, the parameters of mapped properties other than TYPE and PREF
/// (`PID`, `ALTID`, `LANGUAGE`, 4.0 ADR `LABEL` and `GEO`), N components past the
/// fifth, a second PHOTO, and inline binaries (PHOTO, LOGO, SOUND, KEY...: base64
/// or `data:`) when photos are not kept.
struct VCardCardBuilder {
    enum Kind: UInt8 { case email, phone, address, url }

    /// What a line with no `:` continues (vCard 2.1 base64 written without folding).
    enum OpenBinary {
        case none, photo, dropped
        case other(Int)
    }

    let keepPhotos: Bool
    var card = ContactCard()
    var text = VCardTextDecoder()
    private var decoded: [UInt8] = []
    var hasNames = false
    var formatted: ContactCard.Property?
    /// The single-valued properties met (bits of `VCardPropertyName.bit`).
    private var seen: UInt32 = 0
    var emailRanks: [Int] = []
    var phoneRanks: [Int] = []
    var addressRanks: [Int] = []
    /// Grouped emails, phones, addresses and URLs: kind, index, group (lowercased).
    var grouped: [(kind: Kind, index: Int, group: String)] = []
    /// X-ABLabel lines: group (lowercased), index in `other`, label.
    var groupLabels: [(group: String, index: Int, label: String)] = []
    /// N's `SORT-AS` readings (last, first), until the card ends.
    var sortAs: (last: String, first: String)?
    /// The first `SORT-STRING`, until the card ends.
    var sortString: ContactCard.Property?
    var photoBase64: [UInt8]?
    var photoMediaType = ""
    var photoLine = 0
    var open = OpenBinary.none

    init(keepPhotos: Bool) { self.keepPhotos = keepPhotos }

    mutating func reset() {
        card = ContactCard()
        hasNames = false
        formatted = nil
        seen = 0
        emailRanks.removeAll(keepingCapacity: true)
        phoneRanks.removeAll(keepingCapacity: true)
        addressRanks.removeAll(keepingCapacity: true)
        grouped.removeAll(keepingCapacity: true)
        groupLabels.removeAll(keepingCapacity: true)
        sortAs = nil
        sortString = nil
        photoBase64 = nil
        photoMediaType = ""
        open = .none
    }

    /// Takes one property; a message when the card cannot be read.
    mutating func add(_ line: UnsafeBufferPointer<UInt8>, _ property: VCardPropertyLine, at number: Int)
        -> String?
    {
        open = .none
        var charset = VCardEncodings.Charset.utf8
        if let range = property.parameters.charset {
            charset = .named(VCardEncodings.string(UnsafeBufferPointer(rebasing: line[range]), .utf8))
            if case .unknown(let name) = charset { return "CHARSET=\(name) is not supported" }
        }
        let raw = UnsafeBufferPointer(rebasing: line[property.value])
        guard property.parameters.encoding == .quotedPrintable else {
            return take(line, property, raw, charset, at: number)
        }
        var buffer = decoded
        decoded = []
        VCardEncodings.decodeQuotedPrintable(raw, into: &buffer)
        let result = buffer.withUnsafeBufferPointer { take(line, property, $0, charset, at: number) }
        decoded = buffer
        return result
    }

    private mutating func firstTime(_ name: VCardPropertyName) -> Bool {
        let bit = UInt32(1) << UInt32(name.rawValue)
        defer { seen |= bit }
        return seen & bit == 0
    }

    private mutating func take(
        _ line: UnsafeBufferPointer<UInt8>, _ property: VCardPropertyLine,
        _ value: UnsafeBufferPointer<UInt8>,
        _ charset: VCardEncodings.Charset, at number: Int
    ) -> String? {
        let parameters = property.parameters
        switch property.kind {
        case .version, .prodid, .rev, .begin, .end: break
        case .n where firstTime(.n):
            let parts = text.components(value, separator: 0x3B, charset)
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            card.lastName = part(0)
            card.firstName = part(1)
            card.middleName = part(2)
            card.prefix = part(3)
            card.suffix = part(4)
            hasNames =
                !(card.lastName.isEmpty && card.firstName.isEmpty && card.middleName.isEmpty
                && card.prefix.isEmpty && card.suffix.isEmpty)
            if let range = parameters.sortAs {
                let readings = VCardTextEscaping.caretDecoded(
                    VCardEncodings.headText(UnsafeBufferPointer(rebasing: line[range]))
                ).split(separator: ",", omittingEmptySubsequences: false).map { Self.trimmed(String($0)) }
                sortAs = (readings[0], readings.count > 1 ? readings[1] : "")
            }
        case .fn where formatted == nil:
            formatted = ContactCard.Property(name: name(line, property), value: text.text(value, charset))
        case .nickname:
            let names = text.components(value, separator: 0x2C, charset).filter { !$0.isEmpty }
            guard !names.isEmpty else { break }
            card.nickname = ([card.nickname].filter { !$0.isEmpty } + names).joined(separator: ", ")
        case .org where firstTime(.org):
            var parts = text.components(value, separator: 0x3B, charset)
            while parts.count > 1 && parts[parts.count - 1].isEmpty { parts.removeLast() }
            card.company = parts[0]
            card.department = parts.dropFirst().joined(separator: ";")
        case .title where firstTime(.title):
            card.title = text.text(value, charset)
        case .email:
            labeled(.email, text.text(value, charset), line, property)
        case .tel:
            var number = text.text(value, charset)
            if number.utf8.count >= 4, number.prefix(4).lowercased() == "tel:" { number.removeFirst(4) }
            labeled(.phone, number, line, property)
        case .url:
            labeled(.url, text.text(value, charset), line, property)
        case .adr:
            let parts = text.components(value, separator: 0x3B, charset)
            func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
            let address = ContactCard.Address(
                label: VCardLabels.label(parameters, line), poBox: part(0), extended: part(1),
                street: part(2),
                city: part(3), region: part(4), postcode: part(5), country: part(6))
            guard !address.isEmpty else { break }
            if let group = property.group {
                grouped.append((.address, card.addresses.count, key(line, group)))
            }
            card.addresses.append(address)
            addressRanks.append(parameters.preference)
        case .bday where firstTime(.bday):
            card.birthday = VCardBirthday.read(
                text.text(value, charset), omitsYear: parameters.omitsYear, isText: parameters.valueIsText)
        case .note:
            let note = text.text(value, charset)
            card.notes = card.notes.isEmpty ? note : card.notes + "\n" + note
        case .categories:
            for category in text.components(value, separator: 0x2C, charset) {
                let trimmed = Self.trimmed(category)
                switch trimmed.lowercased() {
                case "": break
                case "mycontacts": break
                case "starred": card.favorite = true
                default: card.categories.append(trimmed)
                }
            }
        case .uid where firstTime(.uid):
            card.uid = text.text(value, charset)
        case .phoneticFirst where card.phoneticFirstName.isEmpty:
            card.phoneticFirstName = text.text(value, charset)
        case .phoneticLast where card.phoneticLastName.isEmpty:
            card.phoneticLastName = text.text(value, charset)
        case .sortString where sortString == nil:
            let reading = text.text(value, charset)
            if !reading.isEmpty {
                sortString = ContactCard.Property(name: name(line, property), value: reading)
            }
        case .photo:
            photo(line, property, value, charset, at: number)
        case .abLabel:
            let label = text.text(value, charset)
            if let group = property.group { groupLabels.append((key(line, group), card.other.count, label)) }
            card.other.append(ContactCard.Property(name: name(line, property), value: label))
        case .keptField:
            var kept = name(line, property)
            if let range = property.parameters.keptName {
                kept = VCardTextEscaping.caretDecoded(
                    VCardEncodings.headText(UnsafeBufferPointer(rebasing: line[range]))
                ).replacingCRs()
            }
            card.other.append(ContactCard.Property(name: kept, value: text.text(value, charset)))
        default:
            if parameters.encoding == .base64 || VCardBytes.hasPrefixUpper(value, 0..<value.count, "DATA:") {
                guard keepPhotos else {
                    open = .dropped
                    break
                }
                if parameters.encoding == .base64 { open = .other(card.other.count) }
            }
            card.other.append(
                ContactCard.Property(name: name(line, property), value: text.text(value, charset)))
        }
        return nil
    }

    private mutating func labeled(
        _ kind: Kind, _ value: String, _ line: UnsafeBufferPointer<UInt8>, _ property: VCardPropertyLine
    ) {
        guard !value.isEmpty else { return }
        let item = ContactCard.Labeled(value, label: VCardLabels.label(property.parameters, line))
        let preference = property.parameters.preference
        let index: Int
        switch kind {
        case .email:
            index = card.emails.count
            card.emails.append(item)
            emailRanks.append(preference)
        case .phone:
            index = card.phones.count
            card.phones.append(item)
            phoneRanks.append(preference)
        default:
            index = card.urls.count
            card.urls.append(item)
        }
        if let group = property.group { grouped.append((kind, index, key(line, group))) }
    }

    private mutating func photo(
        _ line: UnsafeBufferPointer<UInt8>, _ property: VCardPropertyLine,
        _ value: UnsafeBufferPointer<UInt8>,
        _ charset: VCardEncodings.Charset, at number: Int
    ) {
        let parameters = property.parameters
        let inline = parameters.encoding == .base64
        guard keepPhotos, card.photo == nil, photoBase64 == nil else {
            if inline { open = .dropped }
            return
        }
        if inline {
            photoBase64 = Array(value)
            photoMediaType = parameters.customType.map { mediaType(line, $0) } ?? ""
            photoLine = number
            open = .photo
            return
        }
        let uri = text.text(value, charset)
        // Base64 has no comma: the payload follows the last one, and a media type may hold one.
        let data = uri.utf8.count > 5 && uri.prefix(5).lowercased() == "data:"
        if data, let comma = uri.lastIndex(of: ","), uri[..<comma].lowercased().hasSuffix(";base64") {
            let head = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma].dropLast(7)
            photoBase64 = Array(uri[uri.index(after: comma)...].utf8)
            photoMediaType = String(head)
            photoLine = number
        } else {
            card.photo = .url(uri)
        }
    }

    /// A 3.0 photo TYPE as a media type: `JPEG` -> `image/jpeg`, `image/png` as written.
    private func mediaType(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let type = VCardEncodings.headText(UnsafeBufferPointer(rebasing: line[range]))
        return type.contains("/") ? type : "image/" + type.lowercased()
    }

    /// Takes a line with no `:`, continuing an inline binary; false when there is none to continue.
    mutating func continueBinary(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        switch open {
        case .none: return false
        case .dropped: return true
        case .photo: photoBase64?.append(contentsOf: line)
        case .other(let index): card.other[index].value += VCardEncodings.headText(line)
        }
        return true
    }

    private func key(_ line: UnsafeBufferPointer<UInt8>, _ group: Range<Int>) -> String {
        VCardEncodings.string(UnsafeBufferPointer(rebasing: line[group]), .utf8).lowercased()
    }

    /// The property's name as written, less the parameters the reader decoded.
    private func name(_ line: UnsafeBufferPointer<UInt8>, _ property: VCardPropertyLine) -> String {
        let head = property.head
        let dropped = property.parameters.decodingParameters
        guard !dropped.isEmpty else {
            return VCardEncodings.headText(UnsafeBufferPointer(rebasing: line[head]))
        }
        var bytes: [UInt8] = []
        var start = head.lowerBound
        for range in dropped {
            bytes.append(contentsOf: line[start..<range.lowerBound])
            start = range.upperBound
        }
        bytes.append(contentsOf: line[start..<head.upperBound])
        return bytes.withUnsafeBufferPointer { VCardEncodings.headText($0) }
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
