import Contacts
import Phones
import Testing

/// The phone region a list takes from its locale when `--region` names none (docs/api.md,
/// "Phone numbers"): the tag's own region, else the one ICU deems likely for the language.
struct ListLocaleRegionTests {
    @Test(arguments: [
        ("en", "US"), ("en-GB", "GB"), ("sv", "SE"), ("zh", "CN"), ("zh-Hant", "TW"), ("de-AT", "AT"),
        ("ja", "JP"), ("pt-BR", "BR"),
    ])
    func aLocaleReadsPhonesInItsRegion(tag: String, region: String) throws {
        #expect(try ListLocale.named(tag).phoneRegion.code == region)
    }

    @Test func aRegionLibphonenumberDoesNotKnowFallsBackToTheUnitedStates() {
        #expect(PhoneRegion.listDefault(localeRegion: "001") == .unitedStates)
        #expect(PhoneRegion.listDefault(localeRegion: nil) == .unitedStates)
    }
}
