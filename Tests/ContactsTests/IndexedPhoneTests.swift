import Phones
import Testing

@testable import Contacts

/// A phone's part of the search text: each part that finds it indexed once, and every search
/// word finding what it found when the whole words and both runs of digits were indexed.
struct IndexedPhoneTests {
    @Test func aNumberTypedAsItsE164FormIsOneRunAndTwoDigitWords() throws {
        let phone = IndexedPhone("+1 415-555-0132", region: try #require(PhoneRegion("US")))
        #expect(phone.runs == ["14155550132"])
        #expect(phone.words == ["1", "41", "55", "01"])
    }

    @Test func typedDigitsThatEndTheE164FormAreNotARunOfTheirOwn() throws {
        let phone = IndexedPhone("(415) 555-0132", region: try #require(PhoneRegion("US")))
        #expect(phone.runs == ["14155550132"])
        #expect(phone.words == ["41", "55", "01"])
    }

    @Test func aTrunkPrefixKeepsBothRuns() throws {
        let phone = IndexedPhone("020 7946 0958", region: try #require(PhoneRegion("GB")))
        #expect(phone.runs == ["02079460958", "442079460958"])
        #expect(phone.words == ["02", "79", "09"])
    }

    @Test func wordsNoRunHoldsStayWhole() throws {
        let us = try #require(PhoneRegion("US"))
        #expect(IndexedPhone("555-1234 ext 99", region: us).words == ["55", "12", "ext", "99"])
        #expect(IndexedPhone("x12", region: us).words == ["x12"])
        #expect(IndexedPhone("x12", region: us).runs.isEmpty)
        // Full-width digits are not ASCII ones: no run holds their word.
        #expect(IndexedPhone("１２３４５６７", region: us).words == ["１２３４５６７"])
        #expect(IndexedPhone("", region: us) == IndexedPhone(words: [], runs: []))
    }

    /// Every search word made of a phone's text (each part of its digits and of its E.164
    /// form's, each start of a word) matches the new text exactly when it matched the text that
    /// held the whole words and both runs.
    @Test(arguments: [
        ("US", "+1 555-123-4567"), ("US", "(555) 123-4567"), ("US", "555.123.4567 x89"),
        ("GB", "020 7946 0958"), ("GB", "+44 20 7946 0958"), ("GB", "(020) 7946-0958"),
        ("SE", "08-123 456 78"), ("DE", "+49 (0)30 1234567"), ("JP", "03-1234-5678"),
        ("US", "12"), ("US", "1-800-FLOWERS"), ("FR", "01 23 45 67 89"),
    ])
    func everyWordFindsWhatTheWholeTextFound(region code: String, phone: String) throws {
        let region = try #require(PhoneRegion(code))
        let indexed = IndexedPhone(phone, region: region)
        let new = (indexed.words.map { "  " + $0 } + indexed.runs.map { "  #" + $0 }).joined()
        let digits = SearchText.digits(phone)
        let e164 = PhoneNumbers.e164(phone, region: region).map { String($0.dropFirst()) }
        var old = SearchText.words(phone).map { "  " + $0 }.joined()
        if digits.count >= 3 { old += "  #" + digits }
        if let e164, e164 != digits { old += "  #" + e164 }
        let long = SearchText.words(phone).contains {
            $0.count > 2 && $0.allSatisfy { $0.isASCII && $0.isNumber }
        }
        #expect(long ? new.count < old.count : new == old, "\(new) beside \(old)")
        var queries: Set<String> = []
        for text in [digits, e164 ?? ""] + SearchText.words(phone) {
            let scalars = Array(text)
            for start in scalars.indices {
                for end in (start + 1)...scalars.count { queries.insert(String(scalars[start..<end])) }
            }
        }
        for query in queries {
            let pattern = SearchText.pattern(of: query)
            #expect(new.contains(pattern) == old.contains(pattern), "\(query) in \(new) / \(old)")
        }
    }
}
