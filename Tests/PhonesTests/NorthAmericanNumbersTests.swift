import Testing

@testable import Phones

/// North American numbers whose E.164 form is taken from their digits: always the form
/// libphonenumber gives, the first time an area code comes (read by it) and after.
struct NorthAmericanNumbersTests {
    /// Every area code from 000 to 999, in both forms and in regions in and out of the plan,
    /// twice (the second time from the digits where the first was read so): each form is
    /// libphonenumber's.
    @Test(arguments: ["US", "CA", "JM", "GB", "DE", "IN"])
    func everyAreaCodeReadsAsLibphonenumberReadsIt(region code: String) throws {
        let region = try #require(PhoneRegion(code))
        var generator = SystemRandomNumberGenerator()
        for round in 0..<2 {
            for area in 0..<1000 {
                let line = Int.random(in: 0..<10_000_000, using: &generator)
                let exchange = String(line / 10_000 + 1000).dropFirst()
                let subscriber = String(line % 10_000 + 10_000).dropFirst()
                let areaCode = String(area + 1000).dropFirst()
                for text in [
                    "+1 \(areaCode)-\(exchange)-\(subscriber)", "(\(areaCode)) \(exchange)-\(subscriber)",
                    "\(areaCode)\(exchange)\(subscriber)",
                ] {
                    #expect(
                        PhoneNumbers.e164(text, region: region) == PhoneNumbers.parsed(text, region: region),
                        "\(text) in \(code), round \(round)")
                }
            }
        }
    }

    @Test func theFormsFollowFromTheDigits() throws {
        let us = try #require(PhoneRegion("US"))
        let gb = try #require(PhoneRegion("GB"))
        #expect(PhoneNumbers.e164("+1 415-555-0132", region: gb) == "+14155550132")
        #expect(PhoneNumbers.e164("(415) 555-0132", region: us) == "+14155550132")
        #expect(PhoneNumbers.e164("(415) 555-0132", region: us) == "+14155550132")
        #expect(PhoneNumbers.e164("4155550132", region: gb) != "+14155550132", "not in the plan")
        #expect(PhoneNumbers.e164("555-0132", region: us) == nil, "local only")
    }
}
