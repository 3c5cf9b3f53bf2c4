/// BDAY between vCard's spellings and the card's ISO 8601 (`1987-09-14`, or
/// `--03-07` without a year).
///
/// Read: `1987-09-14`, `19870914` (also with a time of day after `T`, which is
/// dropped only when it is midnight), `--0307` and `--03-07` (4.0), and Apple's
/// year-less `BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-07`; a month or day out of
/// range, `VALUE=text` or anything else is kept as written. Written: 3.0 as
/// `1987-09-14` or Apple's year-less form (which iOS and macOS read), 4.0 as
/// `19870914` or `--0307`; text that is no date as `VALUE=text` in 4.0.
enum VCardBirthday {
    /// The card's birthday for a BDAY value.
    static func read(_ text: String, omitsYear: Bool, isText: Bool) -> String {
        isText ? text : normalized(text, omitsYear: omitsYear) ?? text
    }

    /// The ISO form of a date BDAY may hold; nil when `text` is none.
    static func normalized(_ text: String, omitsYear: Bool = false) -> String? {
        var digits = Array(text.utf8)
        if let tee = digits.firstIndex(of: 0x54) {
            let time = digits[(tee + 1)...].filter { $0 != 0x3A && $0 != 0x5A }
            guard time.allSatisfy({ $0 == 0x30 }) else { return nil }
            digits = Array(digits[..<tee])
        }
        if digits.starts(with: [0x2D, 0x2D]) {
            let rest = digits.dropFirst(2).filter { $0 != 0x2D }
            guard digits.count == 6 || digits.count == 7, let (month, day) = monthDay(Array(rest)) else {
                return nil
            }
            return "--" + month + "-" + day
        }
        let compact = digits.filter { $0 != 0x2D }
        let dashed = digits.count == 10 && digits[4] == 0x2D && digits[7] == 0x2D
        guard compact.count == 8, dashed || digits.count == 8, compact.allSatisfy(isDigit),
            let (month, day) = monthDay(Array(compact[4...]))
        else { return nil }
        let year = String(decoding: compact[..<4], as: UTF8.self)
        return (omitsYear ? "-" : year) + "-" + month + "-" + day
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func monthDay(_ four: [UInt8]) -> (String, String)? {
        guard four.count == 4, four.allSatisfy(isDigit) else { return nil }
        let month = Int(four[0] - 0x30) * 10 + Int(four[1] - 0x30)
        let day = Int(four[2] - 0x30) * 10 + Int(four[3] - 0x30)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        return (String(decoding: four[0..<2], as: UTF8.self), String(decoding: four[2..<4], as: UTF8.self))
    }

    /// How the writer spells `birthday`: the value and whether it is a date (so
    /// no escaping) and needs Apple's omit-year parameter (3.0) or `VALUE=text` (4.0).
    enum Written: Equatable {
        case date(String)
        case yearless(String)
        case text(String)
    }

    static func write(_ birthday: String, version4: Bool) -> Written {
        let bytes = Array(birthday.utf8)
        guard normalized(birthday) == birthday else { return .text(birthday) }
        if bytes.count == 7 && bytes.starts(with: [0x2D, 0x2D]) {
            let month = birthday.dropFirst(2).prefix(2)
            let day = birthday.suffix(2)
            return version4 ? .date("--\(month)\(day)") : .yearless("1604-\(month)-\(day)")
        }
        if bytes.count == 10 {
            return .date(version4 ? birthday.filter { $0 != "-" } : birthday)
        }
        return .text(birthday)
    }
}
