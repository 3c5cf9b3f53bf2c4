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
}
