import TestSupport
import Testing

@testable import Contacts

/// The list's order and sections in a locale (docs/api.md, "The list's locale"), held against
/// what python3-icu says of the same names.
struct ContactSortKeyTests {
    /// Names across scripts, accents, case, digits and emoji, as (first, last).
    static let names: [(String, String)] = [
        ("anna", "Åberg"), ("Bo", "aberg"), ("Zed", "Abergson"), ("Adam", ""), ("Émile", "Adams"),
        ("emma", "Adams"), ("Carl", "Østergaard"), ("Olga", "Ozols"), ("", "Zuk"), ("Ann", "Żuk"),
        ("Zoë", "3M"), ("Ivan", "Петров"), ("勇", "小林"), ("", "🦊"), ("伟", "张"), ("Ольга", "Иванова"),
        ("Αλέξανδρος", "Παπαδόπουλος"), ("민준", "김"), ("Jürgen", "Müller"), ("Hans", "Mueller"),
        ("Lars", "Ängström"), ("Per", "Åkesson"), ("Ola", "Öberg"), ("", "van Dijk"), ("Zoé", "Zoe"),
    ]

    @Test(arguments: ["en", "sv", "zh", "ru", "de", "ja"])
    func keysOrderAndSectionNamesAsICUDoes(locale tag: String) throws {
        let locale = try ListLocale.named(tag)
        let people = Self.names.enumerated().map { id, name in
            ICUOracle.Person(id: id, firstName: name.0, lastName: name.1)
        }
        let oracle = try ICUOracle.list(people, in: tag)
        #expect(locale.titles == oracle.allTitles)
        let keys = Self.names.map { ContactFields(firstName: $0.0, lastName: $0.1).sortKey(in: locale) }
        let ordered = keys.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        #expect(ordered == oracle.ids, "\(ordered.map { Self.names[$0] })")
        #expect(ordered.map { locale.titles[keys[$0].section] } == oracle.titles)
    }

    @Test func englishFilesØUnderOAndOtherScriptsUnderTheirOwnLettersOrHash() throws {
        let english = ListLocale.english
        let cases: [(String, String)] = [
            ("Ångström", "A"), ("émile", "E"), ("Østergaard", "O"), ("zhang", "Z"), ("Łukasz", "L"),
            ("3M", "#"), ("Петров", "П"), ("Παπαδόπουλος", "Π"), ("김", "ㄱ"), ("🦊", "#"), ("'Quote", "#"),
            ("", "#"),
        ]
        for (name, title) in cases {
            #expect(english.titles[english.index.section(of: name)] == title, "\(name)")
        }
        #expect(
            english.titles.prefix(26).joined() == "ABCDEFGHIJKLMNOPQRSTUVWXYZ" && english.titles.last == "#")
        #expect(english.isOwn("Z") && english.isOwn("#") && !english.isOwn("П"))
    }

    @Test func aSortNameThatIsAPrefixOfAnotherSortsFirstWhateverTheFirstNames() {
        let short = ContactFields(firstName: "Zed", lastName: "Lee").sortKey(in: .english)
        let long = ContactFields(firstName: "Ann", lastName: "Leeds").sortKey(in: .english)
        #expect(short < long)
    }

    @Test func lettersDecideBeforeAccentsAndCaseOfEitherName() {
        // Primary strength of both names first: "Émile Adams" and "emile adams" are one name
        // until their accents and case part them.
        let keys = [("Emile", "adams"), ("émile", "Adams"), ("Emma", "Adams")].map {
            ContactFields(firstName: $0.0, lastName: $0.1).sortKey(in: .english)
        }
        #expect(keys[0] < keys[1] && keys[1] < keys[2])
    }

    @Test func aPhoneticReadingStandsForItsName() throws {
        let japanese = try ListLocale.named("ja")
        var sato = ContactFields(firstName: "花子", lastName: "佐藤")
        sato.details = #"{"phonetic_first_name": "はなこ", "phonetic_last_name": "さとう"}"#
        let read = ContactFields(firstName: "はなこ", lastName: "さとう")
        #expect(sato.sortKey(in: japanese) == read.sortKey(in: japanese))
        #expect(japanese.titles[sato.sortKey(in: japanese).section] == "さ")
        #expect(
            ContactFields(firstName: "花子", lastName: "佐藤").sortKey(in: japanese) != read.sortKey(in: japanese)
        )
    }

    @Test func namesWithNothingButSpaceAreNameless() {
        #expect(ContactFields(firstName: " ", lastName: "").isNameless)
        #expect(!ContactFields(firstName: "A", lastName: "").isNameless)
        #expect(!ContactFields(firstName: "", lastName: "小").isNameless)
        #expect(!ContactFields(company: " Acme ").isNameless)
    }
}
