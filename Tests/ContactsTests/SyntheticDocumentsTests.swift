import Phones
import Testing

@testable import Contacts

/// The seed's search texts, made from parts once per pool value, against
/// `SearchText.document` of each contact's fields.
struct SyntheticDocumentsTests {
    /// Every contact's text is the one `SearchText.document` gives, byte for byte, in the
    /// region the phones are read by their digits alone and in regions libphonenumber reads.
    @Test(arguments: ["US", "GB", "SE", "CA", "JP"])
    func theTextsAreSearchTextDocuments(region code: String) throws {
        let region = try #require(PhoneRegion(code))
        let generator = SyntheticContacts(seed: 3)
        let count = code == "US" ? 40_000 : 5_000
        let ordered = generator.drawsInListOrder(count: count, in: .english).draws
        var documents = SyntheticDocuments(region: region)
        #expect(documents.internationalIsPlain)
        #expect(documents.nationalIsPlain == (code == "US"))
        var readings = 0
        for (row, draw) in ordered.enumerated() {
            let fields = generator.fields(of: draw, row: row)
            var bytes: [UInt8] = []
            documents.append(documentOf: draw, row: row, fields: fields, generator: generator, to: &bytes)
            let expected = SearchText.document(fields, region: region)
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "row \(row): \(fields)")
            if !SearchText.readingWords(fields).isEmpty { readings += 1 }
        }
        #expect(readings > 0, "names with reading words are among them")
    }

    /// The phones' E.164 forms as the texts take them from their digits: what libphonenumber
    /// reads, for every area code and lines from 0000 to 9999.
    @Test func thePhonesReadAsLibphonenumberReadsThem() {
        for area in 200..<1000 {
            for line in [0, 1, 555, 1234, 5550, 9999, area * 13 % 10_000] {
                let plain = "+1\(area)555\(SyntheticContacts.pad(line))"
                for international in [true, false] {
                    let picks = SyntheticContacts.Picks(
                        area: area, line: line, company: 0, city: 0, domain: 0, noteRoll: 0, note: 0,
                        international: international)
                    let phone = SyntheticContacts.phone(picks)
                    #expect(PhoneNumbers.e164(phone, region: .unitedStates) == plain, "\(phone)")
                }
            }
        }
    }

    /// ASCII words as `SearchText.words` splits them; other text is left to it.
    @Test func asciiWordsSplitAsSearchWords() {
        for text in [
            "anna.smith-kowalski42@mail.com", "+1 212-555-0100", "(212) 555-0100", "A_B..c", "", "--",
        ] {
            var bytes: [UInt8] = []
            #expect(SyntheticDocuments.appendASCIIWords(text, to: &bytes))
            #expect(
                String(decoding: bytes, as: UTF8.self) == SearchText.words(text).map { "  " + $0 }.joined())
        }
        var bytes: [UInt8] = []
        #expect(!SyntheticDocuments.appendASCIIWords("zoë@mail.com", to: &bytes) && bytes.isEmpty)
    }
}
