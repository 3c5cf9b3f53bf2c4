/// How exporters write values inside cells, read into `ContactCard`'s terms:
/// Google's ` ::: ` between several values of one cell and its `* ` mark of the
/// primary label, labels in several languages (to `ContactCard.Labeled.wellKnown`),
/// group lists, and birthdays in their many spellings (to ISO 8601).
enum CardValues {
    /// What Google writes between several values of one cell.
    static let separator = " ::: "

    /// The values of a cell: split at ` ::: `, each trimmed, empty ones dropped.
    static func values(_ cell: String) -> [String] {
        guard hasSeparator(cell) else { return [cell] }
        return cell.split(separator: separator, omittingEmptySubsequences: true).map {
            String($0).trimmingCharacters()
        }.filter { !$0.isEmpty }
    }

    /// Whether `cell` holds ` ::: ` (scanned as UTF-8 bytes: most cells hold no colon).
    static func hasSeparator(_ cell: String) -> Bool {
        let scanned = cell.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= 5 else { return false }
            for index in 1..<(bytes.count - 3) where bytes[index] == 0x3A {
                if bytes[index + 1] == 0x3A && bytes[index + 2] == 0x3A && bytes[index - 1] == 0x20
                    && bytes[index + 3] == 0x20
                {
                    return true
                }
            }
            return false
        }
        return scanned ?? cell.contains(separator)
    }

    /// A label as written (`* Work`, `Mobile`, `Geschäftlich`, `CELL`): whether
    /// it marks the primary value, and the label as stored (a well-known one
    /// lowercased, any other as written).
    static func label(_ written: String) -> (label: String, primary: Bool) {
        var text = written.trimmingCharacters()
        var primary = false
        if text.hasPrefix("* ") {
            primary = true
            text = String(text.dropFirst(2)).trimmingCharacters()
        }
        return (wellKnown(text), primary)
    }

    /// `label` as `ContactCard.Labeled.wellKnown` spells it when it is one (in
    /// any case, English, German or French), else as written.
    static func wellKnown(_ label: String) -> String {
        if label.isEmpty { return "" }
        if let known = labels[label.lowercased()] { return known }
        return labels[HeaderVocabulary.key(label)] ?? label
    }

    private static let labels: [String: String] = {
        var labels: [String: String] = [:]
        let names: [(String, [String])] = [
            ("home", ["home", "privat", "private", "personal", "domicile", "maison", "zuhause"]),
            (
                "work",
                [
                    "work", "business", "office", "geschäftlich", "geschaeftlich", "arbeit", "bureau",
                    "travail",
                ]
            ),
            (
                "mobile",
                ["mobile", "cell", "cellular", "mobil", "handy", "mobiltelefon", "portable", "iphone"]
            ),
            ("main", ["main", "primary", "haupt", "principal", "pref"]),
            ("fax", ["fax", "work fax", "home fax", "other fax", "télécopie", "telefax"]),
            ("pager", ["pager", "beeper"]),
            ("other", ["other", "andere", "weitere", "sonstige", "autre"]),
        ]
        for (label, spellings) in names {
            for spelling in spellings {
                labels[HeaderVocabulary.key(spelling)] = label
                labels[spelling] = label
            }
        }
        return labels
    }()

    /// Groups from a cell: Google's ` ::: ` list (without `* myContacts`, `*
    /// My Contacts` and `* starred`, which `starred` reports), or Outlook's `;`
    /// list, or one a line (Roster's own `labels` column).
    static func categories(_ cell: String) -> (groups: [String], starred: Bool) {
        let parts: [String] =
            hasSeparator(cell)
            ? values(cell)
            : cell.split(whereSeparator: { $0 == ";" || $0.isNewline }).map {
                String($0).trimmingCharacters()
            }.filter { !$0.isEmpty }
        var groups: [String] = []
        var starred = false
        for part in parts {
            switch part.lowercased() {
            case "* mycontacts", "* my contacts", "mycontacts", "my contacts": continue
            case "* starred", "starred": starred = true
            default: groups.append(part.hasPrefix("* ") ? String(part.dropFirst(2)) : part)
            }
        }
        return (groups, starred)
    }

    // MARK: - Birthdays

    /// A birthday as written, in ISO 8601 when it is a date a person wrote:
    /// `1987-09-14` and `--03-07` stay; `19870914`, `--0307`, `1987/09/14`,
    /// `9/14/1987` (Outlook; day first when `dayFirst` or when the first number
    /// is over 12), `14.9.1987`, two-digit years (`9/14/87`: 1987; `3/7/05`:
    /// 2005), and Outlook's `0/0/00` and `1/1/4501` for none ("").
    /// Anything else is kept as written.
    static func birthday(_ written: String, dayFirst: Bool) -> String {
        let text = written.trimmingCharacters()
        let digits = text.filter(\.isNumber)
        if text.hasPrefix("--") {
            let rest = text.dropFirst(2).filter { $0 != "-" }
            if rest.count == 4, rest.allSatisfy(\.isASCIINumber) {
                return iso(year: nil, month: Int(rest.prefix(2))!, day: Int(rest.suffix(2))!) ?? text
            }
            return text
        }
        if text.count == 8, text.allSatisfy(\.isASCIINumber) {
            return iso(
                year: Int(text.prefix(4)), month: Int(text.dropFirst(4).prefix(2))!, day: Int(text.suffix(2))!
            )
                ?? text
        }
        let numbers = text.split(whereSeparator: { "-/.".contains($0) }).map { Int($0) }
        guard numbers.count == 3 || numbers.count == 2, numbers.allSatisfy({ $0 != nil }),
            digits.count == text.count - numbers.count + 1
        else { return text }
        let values = numbers.map { $0! }
        if values.allSatisfy({ $0 == 0 }) { return "" }
        if text == "1/1/4501" { return "" }
        if numbers.count == 2 {  // day and month without a year: 14.9. is not written this way; 9/14 is
            let (month, day) = dayFirst || values[0] > 12 ? (values[1], values[0]) : (values[0], values[1])
            return iso(year: nil, month: month, day: day) ?? text
        }
        let first = text.split(whereSeparator: { "-/.".contains($0) })[0]
        if first.count == 4 { return iso(year: values[0], month: values[1], day: values[2]) ?? text }
        var year = values[2]
        if text.split(whereSeparator: { "-/.".contains($0) })[2].count <= 2 {
            year += year > 30 ? 1900 : 2000
        }
        let dayFirstHere = text.contains(".") || dayFirst || values[0] > 12
        let (month, day) = dayFirstHere ? (values[1], values[0]) : (values[0], values[1])
        return iso(year: year, month: month, day: day) ?? text
    }

    /// `yyyy-mm-dd` or `--mm-dd`; nil for a date no calendar has.
    static func iso(year: Int?, month: Int, day: Int) -> String? {
        let lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard month >= 1, month <= 12, day >= 1, day <= lengths[month - 1] else { return nil }
        let monthDay = (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
        guard let year else { return "--" + monthDay }
        guard year >= 1, year <= 9999 else { return nil }
        if month == 2 && day == 29 && !(year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) { return nil }
        return String(repeating: "0", count: 4 - String(year).count) + "\(year)-" + monthDay
    }

    /// Thunderbird's `Birth Year`, `Birth Month`, `Birth Day` as one birthday
    /// ("" when month or day is missing; kept as written when they are no date).
    static func birthday(year: String, month: String, day: String) -> String? {
        guard let month = Int(month), let day = Int(day) else { return nil }
        return iso(year: year.isEmpty ? nil : Int(year), month: month, day: day)
    }
}

extension Character {
    fileprivate var isASCIINumber: Bool { isASCII && isNumber }
}
