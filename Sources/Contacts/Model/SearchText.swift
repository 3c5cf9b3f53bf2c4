import Locales
import Phones

/// The search words of docs/api.md, "Search", and the text the search index holds per contact.
///
/// Words are split at everything that is not a letter or a digit, and folded as
/// the list's sort folds names (Unicode decomposition without combining marks,
/// lower case, ø -> o, ł -> l, æ -> ae, ß -> ss, ı -> i).
///
/// The index is one FTS5 table with the trigram tokenizer over a contact's
/// searched words, each preceded by two spaces (`document(_:)`). The spaces make
/// every rule a substring, so that one trigram index answers them all: a word of
/// 3 or more characters matches as itself anywhere; a 2-character word as " xy"
/// (a word starting with it) and a 1-character word as "  x". The phone's digits
/// follow as one more run (after a `#`, which no word holds), so that 3 or more
/// digits find it whatever its punctuation; and, where it differs, the digits of its
/// E.164 form read in the list's region (`PhoneRegion`) as another, so that a
/// number searched in any format (`phoneQuery`) finds it typed in any other. What a
/// run already answers is not indexed twice (`IndexedPhone`).
public enum SearchText {
    /// The fields searched, in the order their words are indexed.
    public static let fields: [ContactField] = [.firstName, .lastName, .company, .city, .email, .phone]

    /// The folded words of `text`, in order.
    /// - Complexity: O(text length).
    public static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [String] = []
        var word = ""
        func end() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            guard let folded = folded(scalar) else {
                end()
                continue
            }
            word += folded
        }
        end()
        return words
    }

    /// What one scalar of decomposed (NFD) text adds to its word: its folded letters,
    /// nothing for a combining mark (dropped), or nil when it ends the word (neither
    /// a letter nor a digit). `words(_:)` is this over a whole text; the search
    /// highlight uses it a scalar at a time, to know where each folded letter came
    /// from.
    public static func folded(_ scalar: Unicode.Scalar) -> String? {
        if scalar.properties.generalCategory == .nonspacingMark { return "" }
        guard isLetterOrDigit(scalar) else { return nil }
        return NameFolding.folded(scalar)
    }

    /// `words(_:)` of ASCII text: letters and digits, lower-cased; no decomposition.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x61...0x7A: word.append(byte)
            case 0x41...0x5A: word.append(byte | 0x20)
            default:
                if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// Whether `scalar` belongs to a word: a letter (any script) or a digit.
    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber:
            true
        default: false
        }
    }

    /// The digits of `text` (a phone number without its punctuation).
    public static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.map(Character.init))
    }

    /// The indexed text of a contact: two spaces before each searched word (its
    /// other e-mails' and phones' too), then each phone's runs of digits after `  #`
    /// (`IndexedPhone`: its digits and its E.164 form's in `region`). Every store makes a
    /// contact's text here, with the list's region: the same fields and region
    /// always give the same text (a contentless index forgets a row by it).
    /// - Complexity: O(the fields' length), and a libphonenumber parse per phone.
    public static func document(_ fields: ContactFields, region: PhoneRegion) -> String {
        let details = fields.details.isEmpty ? nil : try? ContactDetails(json: fields.details)
        // Each phone's runs of digits, and its words with every part of 3 or more that a run
        // holds left to the run (`IndexedPhone`).
        let phones = ([fields.phone] + (details?.phones.map(\.value) ?? [])).map {
            IndexedPhone($0, region: region)
        }
        var text = ""
        for field in Self.fields where field != .phone {
            for word in words(fields[text: field]) {
                text += "  "
                text += word
            }
        }
        for word in phones[0].words {
            text += "  "
            text += word
        }
        for word in readingWords(fields) {
            text += "  "
            text += word
        }
        // The other e-mails and phones (a contact's details) are found as its own are.
        if let details {
            for email in details.emails {
                for word in words(email.value) { text += "  " + word }
            }
            for phone in phones.dropFirst() {
                for word in phone.words { text += "  " + word }
            }
        }
        // After a mark, not a space: the digits are found by 3 or more of them
        // anywhere, never as a word start (a 1- or 2-character word matches the phone's
        // own words only: "+1 555" starts no word with "15").
        for phone in phones {
            for run in phone.runs {
                text += "  #"
                text += run
            }
        }
        return text
    }

    /// The words a contact's names are found by in Latin letters and by their readings
    /// (docs/api.md, "Search across scripts"): each name's romanized words or pinyin syllables,
    /// the syllables of the whole name joined (`zhangwei`) and their initials (`zw`), the
    /// initial consonants of Hangul (`ㄱㅁㅈ`), and the phonetic readings kept in the details
    /// with their romaji (`さとう`, `satou`). None for a name all in Latin letters.
    /// - Complexity: O(names); ICU is asked once per distinct Han character or other-script run.
    public static func readingWords(_ fields: ContactFields) -> [String] {
        // Names in Latin letters (every UTF-8 byte below 0xCD: no scalar from U+0340 on) and no
        // reading: nothing to read, and nothing allocated.
        let firstName = fields.firstName
        let lastName = fields.lastName
        if isLatin(firstName) && isLatin(lastName) && !ContactFields.mayHoldReading(fields.details) {
            return []
        }
        let phonetic = fields.phoneticNames
        guard let readings = NameReadings.shared,
            ![firstName, lastName, phonetic.first, phonetic.last].allSatisfy({ text in
                text.unicodeScalars.allSatisfy { $0.value < 0x370 }
            })
        else { return [] }
        let last = readings.reading(of: fields.lastName, surname: true)
        let first = readings.reading(of: fields.firstName, surname: false)
        let lastSaid = readings.reading(of: phonetic.last, surname: true)
        let firstSaid = readings.reading(of: phonetic.first, surname: false)
        var result: [String] = []
        for reading in [last, first, lastSaid, firstSaid].compactMap({ $0 }) {
            result += reading.syllables
            if reading.syllables.count > 1 { result.append(reading.syllables.joined()) }
        }
        for (surname, given) in [(last, first), (lastSaid, firstSaid)] {
            let syllables = (surname?.syllables ?? []) + (given?.syllables ?? [])
            if syllables.count > 1 {
                result.append(syllables.joined())
                result.append(String(syllables.compactMap(\.first)))
            }
        }
        let hangul = (last?.hangulInitials ?? "") + (first?.hangulInitials ?? "")
        if !hangul.isEmpty { result.append(hangul) }
        result += words(phonetic.last) + words(phonetic.first)
        var seen: Set<String> = []
        return result.flatMap(words).filter { seen.insert($0).inserted }
    }

    /// Whether every UTF-8 byte of `text` is below 0xCD (its scalars below U+0340).
    static func isLatin(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0xCD } }
    }

    /// The one search word of a query written as a phone number
    /// (`PhoneNumbers.isPhoneQuery`) that has an E.164 form in `region`: that form's
    /// digits, which every phone of the same number holds in its document
    /// (`document(_:region:)`) whatever its format. Nil for any other query, which
    /// is searched by its words.
    public static func phoneQuery(_ query: String, region: PhoneRegion) -> String? {
        guard PhoneNumbers.isPhoneQuery(query), let e164 = PhoneNumbers.e164(query, region: region) else {
            return nil
        }
        return String(e164.dropFirst())
    }

    /// The FTS5 query of search words (all must match), or nil for no word. Words
    /// hold letters and digits only, so they need no quoting beyond the phrase's.
    public static func match(_ words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        return words.map { "\"\(pattern(of: $0))\"" }.joined(separator: " AND ")
    }

    /// The text a contact's `document` holds exactly when `word` matches it
    /// (docs/api.md, "Search"): a 1-character word as "  x" (a word starting with it), a 2-character
    /// one as " xy", a longer one as itself.
    public static func pattern(of word: String) -> String {
        switch word.unicodeScalars.count {
        case 1: "  \(word)"
        case 2: " \(word)"
        default: word
        }
    }
}
