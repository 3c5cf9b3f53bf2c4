/// Contacts named across scripts, for the tests of the list's locale (docs/api.md, "The list's
/// locale", "Search across scripts"): Latin with accents and Nordic letters, Cyrillic, Greek, Han,
/// kana readings, Hangul, Arabic, Hebrew, Thai, digits, emoji, a company and an e-mail alone,
/// names that differ by case or accents only, and a name given twice (ties go by id).
public enum WorldNames {
    /// (first name, last name, company, e-mail, phonetic first name, phonetic last name).
    public static let people: [(String, String, String, String, String, String)] = [
        ("伟", "张", "", "", "", ""), ("秀英", "王", "", "", "", ""), ("Иван", "Петров", "", "", "", ""),
        ("Αλέξανδρος", "Παπαδόπουλος", "", "", "", ""), ("花子", "佐藤", "", "", "はなこ", "さとう"),
        ("민준", "김", "", "", "", ""), ("Jürgen", "Müller", "", "", "", ""),
        ("Hans", "Mueller", "", "", "", ""),
        ("Lars", "Ängström", "", "", "", ""), ("Per", "Åkesson", "", "", "", ""),
        ("Ola", "Öberg", "", "", "", ""),
        ("Anna", "Andersson", "", "", "", ""), ("Zoë", "Zoe", "", "", "", ""), ("Zoé", "zoe", "", "", "", ""),
        ("Jan", "van Dijk", "", "", "", ""), ("", "", "Acme AB", "", "", ""),
        ("", "", "", "zed@x.example", "", ""),
        ("Max", "3M", "", "", "", ""), ("", "🦊", "", "", "", ""), ("Ольга", "Иванова", "", "", "", ""),
        ("مريم", "حسن", "", "", "", ""), ("Yael", "כהן", "", "", "", ""), ("สมชาย", "ใจดี", "", "", "", ""),
        ("李", "", "", "", "", ""), ("国藩", "曾", "", "", "", ""), ("Émile", "Zola", "", "", "", ""),
        ("emile", "zola", "", "", "", ""), ("Anna", "Andersson", "", "", "", ""),
        ("  Åsa ", "", "", "", "", ""),
        ("Ｚｅｎ", "", "", "", "", ""), ("Carl", "Østergaard", "", "", "", ""),
        ("Łukasz", "Nowak", "", "", "", ""),
        ("Björn", "Borg", "", "", "", ""), ("Ärla", "", "", "", "", ""),
        ("Agnes", "Ytterberg", "", "", "", ""),
    ]

    /// The phonetic readings as a contact's details document ("" for none).
    public static func details(_ person: (String, String, String, String, String, String)) -> String {
        guard !person.4.isEmpty || !person.5.isEmpty else { return "" }
        return #"{"phonetic_first_name": "\#(person.4)", "phonetic_last_name": "\#(person.5)"}"#
    }

    /// The people as the oracle takes them, with ids from `firstID` in order.
    public static func oraclePeople(firstID: Int = 1) -> [ICUOracle.Person] {
        people.enumerated().map { offset, person in
            ICUOracle.Person(
                id: firstID + offset, firstName: person.0, lastName: person.1, company: person.2,
                email: person.3, phoneticFirst: person.4, phoneticLast: person.5)
        }
    }
}
