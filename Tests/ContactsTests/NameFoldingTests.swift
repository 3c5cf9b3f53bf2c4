import Testing

@testable import Contacts

struct NameFoldingTests {
    @Test(arguments: [
        ("Émile", "emile"), ("EMILE", "emile"), ("Ångström", "angstrom"), ("Østergaard", "ostergaard"),
        ("Łukasz", "lukasz"), ("Ærin", "aerin"), ("Straße", "strasse"), ("Nguyễn", "nguyen"),
        ("  van Dijk ", "van dijk"), ("O'Brien", "o'brien"), ("Yılmaz", "yilmaz"), ("Żuk", "zuk"),
        ("Петров", "петров"), ("小林", "小林"), ("🦊 Fox", "🦊 fox"), ("", ""), ("   ", ""),
        ("Ｚｅｎ", "ｚｅｎ"), ("e\u{301}lan", "elan"),
    ])
    func foldDropsCaseAndAccents(name: String, folded: String) {
        #expect(NameFolding.fold(name) == Array(folded.utf8))
    }

    @Test func sectionsAreTheFoldedFirstLetterOrHash() {
        let cases: [(String, String)] = [
            ("Ångström", "A"), ("émile", "E"), ("Østergaard", "O"), ("zhang", "Z"), ("Łukasz", "L"),
            ("3M", "#"), ("小林", "#"), ("Петров", "#"), ("🦊", "#"), ("'Quote", "#"), ("", "#"),
        ]
        for (name, title) in cases {
            let section = NameFolding.section(ofFolded: NameFolding.fold(name))
            #expect(SectionInfo.titles[section] == title, "\(name)")
        }
    }

    @Test func handMadeNamesSortByFoldedLastThenFirstWithHashLast() {
        // (first, last) in the order the contract defines (docs/api.md, "GET /window").
        let expected: [(String, String)] = [
            ("anna", "Åberg"),
            ("Bo", "aberg"),
            ("Zed", "Abergson"),
            ("Adam", ""),  // no last name: sorts as "adam"
            ("Émile", "Adams"),
            ("emma", "Adams"),
            ("Carl", "Østergaard"),
            ("Olga", "Ozols"),
            ("", "Zuk"),
            ("Ann", "Żuk"),
            ("Zoë", "3M"),  // '#' holds the rest in code point order
            ("Ivan", "Петров"),
            ("勇", "小林"),
            ("", "🦊"),
        ]
        let keys = expected.map { ContactSortKey(firstName: $0.0, lastName: $0.1) }
        let shuffled = keys.indices.reversed().map { keys[$0] }
        #expect(shuffled.sorted() == keys)
        #expect(keys.map(\.section) == [0, 0, 0, 0, 0, 0, 14, 14, 25, 25, 26, 26, 26, 26])
    }

    @Test func aSortNameThatIsAPrefixOfAnotherSortsFirstWhateverTheFirstNames() {
        let short = ContactSortKey(firstName: "Zed", lastName: "Lee")
        let long = ContactSortKey(firstName: "Ann", lastName: "Leeds")
        #expect(short < long)
    }

    @Test func namesWithNothingButSpaceAreNameless() {
        #expect(ContactSortKey(firstName: " ", lastName: "").isNameless)
        #expect(!ContactSortKey(firstName: "A", lastName: "").isNameless)
        #expect(!ContactSortKey(firstName: "", lastName: "小").isNameless)
    }
}
