import Testing

@testable import Contacts

struct PluralTests {
    @Test func oneIsSingularAndEveryOtherCountPlural() {
        #expect(Plural.count(1, "contact") == "1 contact")
        #expect(Plural.count(0, "contact") == "0 contacts")
        #expect(Plural.count(2, "row") == "2 rows")
        #expect(Plural.count(1, "entry", "entries") == "1 entry")
        #expect(Plural.count(3, "entry", "entries") == "3 entries")
    }
}
