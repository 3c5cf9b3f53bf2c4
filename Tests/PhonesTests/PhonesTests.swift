import Phones
import Testing

/// The Phones module against python3-phonenumbers (`PhoneOracle`) over numbers of
/// several regions typed in many formats, and its own rules (regions, queries).
@Suite struct PhonesTests {
    /// Numbers as people type them at home, by region.
    static let typed: [String: [String]] = [
        "GB": ["020 7946 0958", "07700 900123", "0161 496 0000", "0800 123 4567", "(020) 7946 0958"],
        "US": ["(201) 555-0123", "212 736 5000", "650-253-0000", "1-800-555-0199", "(415) 555-2671"],
        "DE": ["030 123456", "030 12345678", "0151 23456789", "089 1234567", "(0)30 901820"],
        "CN": ["010 1234 5678", "138 0013 8000", "021 6234 5678"],
        "JP": ["03-1234-5678", "090-1234-5678", "06-6123-4567"],
        "FR": ["01 23 45 67 89", "06 12 34 56 78", "09 87 65 43 21"],
        "IN": ["011 2345 6789", "98765 43210", "022 2345 6789"],
        "BR": ["(11) 91234-5678", "(21) 2345-6789", "(61) 3456-7890"],
        "AU": ["(02) 9374 4000", "0412 345 678"],
        "IT": ["06 1234 5678", "347 123 4567"],
    ]

    /// Texts that are no possible number wherever they are read.
    static let junk = [
        "hello", "12", "555-0123", "+1 555 0123", "123456789012345678901", "", "ext 12", "+999 123 456",
        "1-800-FLOWERS",
    ]

    /// Regions whose readers see every number.
    static let readers = ["US", "GB", "DE", "JP"]

    /// Each typed number in several writings: as typed, digits only, dots, no spaces.
    static func writings(_ text: String) -> [String] {
        let digits = text.filter { $0.isNumber || $0 == "+" }
        return [
            text, digits, text.replacingOccurrences(of: " ", with: "."),
            text.replacingOccurrences(of: " ", with: ""), " \(text) ",
        ]
    }

    @Test func typedNumbersReadAsTheOracleReadsThem() throws {
        var numbers: [(String, String)] = []
        for (region, texts) in Self.typed.sorted(by: { $0.key < $1.key }) {
            for text in texts { numbers += Self.writings(text).map { ($0, region) } }
            numbers += Self.junk.map { ($0, region) }
        }
        let first = try PhoneOracle.answers(numbers, readers: Self.readers)
        // Then each number as typed abroad: its E.164 form, its international format,
        // and dialled from Germany and the United States (00 and 011 prefixes).
        var abroad: [(String, String)] = []
        for answer in first {
            guard let e164 = answer.e164, let international = answer.international else { continue }
            abroad.append((e164, "JP"))
            abroad.append((international, "FR"))
            abroad.append(("00" + e164.dropFirst(), "DE"))
            abroad.append(("011 " + international.dropFirst(), "US"))
        }
        let second = try PhoneOracle.answers(abroad, readers: Self.readers)
        let all = zip(numbers + abroad, first + second)
        #expect(numbers.count + abroad.count >= 200)
        #expect(first.filter { $0.e164 != nil }.count >= 100)
        for ((text, code), answer) in all {
            let region = try #require(PhoneRegion(code))
            let e164 = PhoneNumbers.e164(text, region: region)
            #expect(e164 == answer.e164, "E.164 of '\(text)' in \(code)")
            guard let e164 else { continue }
            #expect(PhoneNumbers.national(e164) == answer.national, "NATIONAL of \(e164)")
            #expect(PhoneNumbers.international(e164) == answer.international, "INTERNATIONAL of \(e164)")
            for (reader, expected) in zip(Self.readers, answer.display) {
                let shown = PhoneNumbers.display(e164, for: try #require(PhoneRegion(reader)))
                #expect(shown == expected, "\(e164) shown in \(reader)")
            }
        }
    }

    @Test func aNumberTypedAtHomeAndAbroadIsOneNumber() throws {
        let gb = try #require(PhoneRegion("GB"))
        #expect(PhoneNumbers.e164("(020) 7946 0958", region: gb) == "+442079460958")
        #expect(PhoneNumbers.e164("+44 20 7946 0958", region: .unitedStates) == "+442079460958")
        #expect(PhoneNumbers.display("+442079460958", for: gb) == "020 7946 0958")
        #expect(PhoneNumbers.display("+442079460958", for: .unitedStates) == "+44 20 7946 0958")
        // A local number without its area code has no E.164 form.
        #expect(PhoneNumbers.e164("555-0123", region: .unitedStates) == nil)
        #expect(PhoneNumbers.display("not a number", for: gb) == nil)
    }

    @Test(arguments: [
        ("GB", true), ("US", true), ("DE", true), ("JP", true), ("gb", false), ("XX", false), ("001", false),
        ("", false), ("GBR", false), ("ZZ", false),
    ])
    func regionsAreCountryCodesLibphonenumberKnows(code: String, known: Bool) {
        #expect((PhoneRegion(code) != nil) == known)
    }

    @Test func aListWithoutARegionOfItsLocaleIsReadInTheUnitedStates() {
        #expect(PhoneRegion.listDefault(localeRegion: nil) == .unitedStates)
        #expect(PhoneRegion.listDefault(localeRegion: "XX") == .unitedStates)
        #expect(PhoneRegion.listDefault(localeRegion: "gb").code == "GB")
    }

    @Test(arguments: [
        ("020 7946 0958", true), ("+44 20 7946 0958", true), ("(020) 7946-0958", true),
        ("020.7946.0958", true),
        ("123456", true), ("12345", false), ("4711", false), ("smith", false), ("flat 12345678", false),
        ("020 7946 0958 x12", false), ("44+20 7946 0958", false), ("  +1 (201) 555-0123  ", true),
        ("123456789012345678901", false), ("", false),
    ])
    func phoneQueriesAreDigitsWithTheirPunctuation(query: String, isPhone: Bool) {
        #expect(PhoneNumbers.isPhoneQuery(query) == isPhone)
    }
}
