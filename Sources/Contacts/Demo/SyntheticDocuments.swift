import Phones

/// The search texts of demo contacts (`SearchText.document`, byte for byte) made from parts
/// worked out once per distinct pool value: a seed of a million contacts splits and folds a few
/// thousand names, companies and cities instead of a million of each, and reads its phones
/// without libphonenumber where their E.164 form follows from the picked digits alone.
///
/// The demo phones are `+1 AAA-555-LLLL` and `(AAA) 555-LLLL` (`SyntheticContacts.phone`),
/// area codes 200 to 999. The first reads as `+1AAA555LLLL` in any region: its `+1` says the
/// country, the North American plan's national prefix `1` never starts an area code, and its
/// 10 digits are a possible length there. The second reads the same in the United States (no
/// international prefix, no country code, no national prefix before it) and is read by
/// libphonenumber per contact in any other region. Both are checked against libphonenumber
/// for every area code when the parts are made (`init`): a library whose rules read them
/// otherwise makes every phone be read by it.
package struct SyntheticDocuments: Sendable {
    /// The region phones are read in.
    let region: PhoneRegion
    /// Whether `+1 AAA-555-LLLL` and `(AAA) 555-LLLL` have the E.164 form `+1AAA555LLLL`.
    let internationalIsPlain: Bool
    let nationalIsPlain: Bool

    /// A name's indexed words ("  word" each) and whether it is all in Latin letters
    /// (`SearchText.isLatin`: then it has no reading words of its own).
    private struct Part: Sendable {
        var bytes: [UInt8]
        var latin: Bool
    }
    private var firstNames: [Int: Part] = [:]
    private var lastNames: [Int: Part] = [:]
    private let companies: [[UInt8]]
    private let cities: [[UInt8]]
    /// The reading words of a pair of names, by (first name code, last name code).
    private var readings: [Int: [UInt8]] = [:]

    /// The parts of the documents of demo contacts whose phones are read in `region`.
    package init(region: PhoneRegion) {
        self.region = region
        companies = SyntheticContacts.companies.map(Self.indexed)
        cities = SyntheticContacts.cities.map(Self.indexed)
        var international = true
        var national = region.code == "US"
        for area in 200..<1000 {
            let line = area * 37 % 10_000
            var picks = SyntheticContacts.Picks(
                area: area, line: line, company: 0, city: 0, domain: 0, noteRoll: 0, note: 0,
                international: true)
            let plain = "+1\(area)555\(SyntheticContacts.pad(line))"
            if international && PhoneNumbers.e164(SyntheticContacts.phone(picks), region: region) != plain {
                international = false
            }
            picks.international = false
            if national && PhoneNumbers.e164(SyntheticContacts.phone(picks), region: region) != plain {
                national = false
            }
        }
        internationalIsPlain = international
        nationalIsPlain = national
    }

    /// Appends the search text of `draw`, shown at `row` with `fields`
    /// (`SyntheticContacts.fields(of:row:)`), to `bytes`: `SearchText.document(fields, region:)`.
    package mutating func append(
        documentOf draw: SyntheticContacts.Draw, row: Int, fields: ContactFields,
        generator: SyntheticContacts, to bytes: inout [UInt8]
    ) {
        let picks = generator.picks(of: draw, row: row)
        let firstCode = (draw.hash ? 1 << 30 : 0) | draw.first << 8 | draw.initial
        let lastCode =
            draw.last < 0 ? 0 : 1 << 28 | draw.last << 12 | (draw.secondLast + 1) << 1 | (draw.hyphen ? 1 : 0)
        let first = Self.part(&firstNames, firstCode) { SyntheticContacts.firstName(of: draw) }
        let last = Self.part(&lastNames, lastCode) { SyntheticContacts.lastName(of: draw) }
        bytes += first.bytes
        bytes += last.bytes
        bytes += companies[picks.company]
        bytes += cities[picks.city]
        if !Self.appendASCIIWords(fields.email, to: &bytes) { bytes += Self.indexed(fields.email) }
        let plain = picks.international ? internationalIsPlain : nationalIsPlain
        // A phone read without libphonenumber, or with it (`IndexedPhone`).
        let phone = plain ? nil : IndexedPhone(fields.phone, region: region)
        if let phone {
            for word in phone.words { bytes += "  \(word)".utf8 }
        } else {
            appendPlainPhoneWords(picks, to: &bytes)
        }
        if !(first.latin && last.latin) {
            let key = firstCode << 32 | lastCode
            if let known = readings[key] {
                bytes += known
            } else {
                let words = Array(SearchText.readingWords(fields).map { "  " + $0 }.joined().utf8)
                readings[key] = words
                bytes += words
            }
        }
        if let phone {
            for run in phone.runs { bytes += "  #\(run)".utf8 }
        } else {
            // `+1AAA555LLLL`, the one run of both formats: the second's digits end it.
            bytes += "  #1".utf8
            Self.appendNumber(picks.area, digits: 3, to: &bytes)
            bytes += "555".utf8
            Self.appendNumber(picks.line, digits: 4, to: &bytes)
        }
    }

    /// The indexed words of a phone whose E.164 form is `+1AAA555LLLL`: `1` (in the first
    /// format), then the first two digits of each other word, which that run holds whole.
    private func appendPlainPhoneWords(_ picks: SyntheticContacts.Picks, to bytes: inout [UInt8]) {
        if picks.international { bytes += "  1".utf8 }
        bytes += "  ".utf8
        Self.appendNumber(picks.area / 10, digits: 2, to: &bytes)
        bytes += "  55  ".utf8
        Self.appendNumber(picks.line / 100, digits: 2, to: &bytes)
    }

    /// The part of `code` in `parts`, made from `name()` the first time.
    private static func part(_ parts: inout [Int: Part], _ code: Int, _ name: () -> String) -> Part {
        if let known = parts[code] { return known }
        let text = name()
        let made = Part(bytes: indexed(text), latin: SearchText.isLatin(text))
        parts[code] = made
        return made
    }

    /// The indexed words of `text`: two spaces before each of `SearchText.words(text)`.
    static func indexed(_ text: String) -> [UInt8] {
        Array(SearchText.words(text).map { "  " + $0 }.joined().utf8)
    }

    /// Appends the indexed words of an ASCII `text` (letters and digits, lower-cased, as
    /// `SearchText.words` splits them); false, appending nothing, for any other text.
    static func appendASCIIWords(_ text: String, to bytes: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            var inWord = false
            for byte in utf8 {
                let letter: UInt8
                switch byte {
                case 0x30...0x39, 0x61...0x7A: letter = byte
                case 0x41...0x5A: letter = byte | 0x20
                default:
                    inWord = false
                    continue
                }
                if !inWord {
                    bytes.append(0x20)
                    bytes.append(0x20)
                    inWord = true
                }
                bytes.append(letter)
            }
            return true
        }
    }

    /// Appends `number` in decimal with leading zeros to `digits` digits.
    private static func appendNumber(_ number: Int, digits: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = number
        while divisor > 0 {
            bytes.append(UInt8(0x30 + rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
