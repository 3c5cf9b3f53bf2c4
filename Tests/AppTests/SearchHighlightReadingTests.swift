import Contacts
import Locales
import Testing

@testable import App

/// The marks of words matched through names' readings (docs/api.md, "Search across scripts"):
/// the characters of the shown names whose readings a match covers.
struct SearchHighlightReadingTests {
    /// The first and last names as `first|last`, with `[` and `]` around the marks of search `q`.
    private func marked(_ first: String, _ last: String, _ q: String, details: String = "") -> String {
        guard let highlight = SearchHighlight(query: q) else { return "no words" }
        var (first, last, details) = (first, last, details)
        let ranges = first.withUTF8 { first in
            last.withUTF8 { last in
                details.withUTF8 { highlight.nameRanges(first: first, last: last, details: $0) }
            }
        }
        func bracketed(_ text: String, _ ranges: [Range<Int>]) -> String {
            var bytes = Array(text.utf8)
            for range in ranges.reversed() {
                bytes.insert(UInt8(ascii: "]"), at: range.upperBound)
                bytes.insert(UInt8(ascii: "["), at: range.lowerBound)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return bracketed(first, ranges.first) + "|" + bracketed(last, ranges.last)
    }

    static let reading = #"{"phonetic_first_name": "はなこ", "phonetic_last_name": "さとう"}"#

    @Test(arguments: [
        // Pinyin, a character each: its syllable, the whole name's joined, and their initials.
        ("伟", "张", "zhang", "", "伟|[张]"),
        ("伟", "张", "zhan", "", "伟|[张]"),
        ("伟", "张", "wei", "", "[伟]|张"),
        ("伟", "张", "zhangw", "", "[伟]|[张]"),
        ("伟", "张", "zhangwei", "", "[伟]|[张]"),
        ("伟", "张", "zw", "", "[伟]|[张]"),
        ("伟", "张", "z", "", "伟|[张]"),
        ("伟", "张", "zhang wei", "", "[伟]|[张]"),
        ("秀英", "王", "wxy", "", "[秀英]|[王]"),
        ("秀英", "王", "xiu", "", "[秀]英|王"),
        ("秀英", "王", "xiuying", "", "[秀英]|王"),
        ("秀英", "王", "ying", "", "秀[英]|王"),
        // A surname's first character read as a surname.
        ("国藩", "曾", "zeng", "", "国藩|[曾]"),
        // Romanized words, a character each where they read alike.
        ("Иван", "Петров", "petrov", "", "Иван|[Петров]"),
        ("Иван", "Петров", "petr", "", "Иван|[Петр]ов"),
        ("Иван", "Петров", "ivan", "", "[Иван]|Петров"),
        ("Αλέξανδρος", "Παπαδόπουλος", "papadopoulos", "", "Αλέξανδρος|[Παπαδόπουλος]"),
        // Hangul's initial consonants.
        ("민준", "김", "ㄱㅁㅈ", "", "[민준]|[김]"),
        // (Two characters match a word's start only, as in the index: none here.)
        ("민준", "김", "ㅁㅈ", "", "민준|김"),
        ("민준", "김", "ㄱㅁ", "", "[민]준|[김]"),
        // A phonetic name reads its whole shown name, by itself and by its romaji.
        ("花子", "佐藤", "satou", reading, "花子|[佐藤]"),
        ("花子", "佐藤", "さとう", reading, "花子|[佐藤]"),
        ("花子", "佐藤", "hanako", reading, "[花子]|佐藤"),
        ("花子", "佐藤", "sh", reading, "[花子]|[佐藤]"),
        // The characters' own readings still mark them one by one.
        ("花子", "佐藤", "zuo", reading, "花子|[佐]藤"),
        // What the names match as written is marked as written, and nothing else.
        ("Jürgen", "Müller", "muller", "", "Jürgen|[Müller]"),
        ("伟", "张", "张", "", "伟|[张]"),
        // A word no reading holds marks nothing; nor one matched elsewhere (company, city).
        ("伟", "张", "li", "", "伟|张"),
        ("Ada", "Lovelace", "acme", "", "Ada|Lovelace"),
    ])
    func marks(first: String, last: String, q: String, details: String, expected: String) {
        #expect(marked(first, last, q, details: details) == expected, "\(q)")
    }

    @Test func aWordMatchedAsWrittenIsNotLookedForInTheReadings() {
        // `wei` matches the first name as written: the last name's reading is not consulted.
        #expect(marked("Wei", "张", "wei") == "[Wei]|张")
        // A second word still is.
        #expect(marked("Wei", "张", "wei zhang") == "[Wei]|[张]")
    }

    @Test func readingsWithOriginsAreTheReadingsSyllables() throws {
        let readings = try #require(NameReadings.shared)
        for person in [
            ("伟", "张"), ("秀英", "王"), ("Иван", "Петров"), ("Αλέξανδρος", "Παπαδόπουλος"),
            ("민준", "김"), ("花子", "佐藤"), ("はなこ", "さとう"), ("Ольга Мария", "Иванова-Петрова"),
            ("สมชาย", "ใจดี"), ("مريم", "حسن"), ("Yael", "כהן"), ("Ivan", "Петров 3"),
        ] {
            for (name, surname) in [(person.0, false), (person.1, true)] {
                let reading = readings.reading(of: name, surname: surname)
                let origins = readings.readingWithOrigins(of: name, surname: surname)
                #expect(origins?.syllables.map { $0.map(\.text).joined() } == reading?.syllables, "\(name)")
                #expect(
                    origins?.hangulInitials.map(\.text).joined() ?? "" == reading?.hangulInitials ?? "",
                    "\(name)")
                let utf8 = Array(name.utf8)
                for part in (origins?.syllables ?? []).flatMap({ $0 }) {
                    // Each part reads whole characters of the name.
                    #expect(String(validating: utf8[part.range], as: UTF8.self) != nil, "\(name): \(part)")
                }
            }
        }
    }
}
