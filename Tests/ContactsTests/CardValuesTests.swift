import Testing

@testable import Contacts

/// Values inside cells: birthdays, labels, Google's ` ::: ` and `* `, names, and
/// the transcoder against a model.
struct CardValuesTests {
    @Test(arguments: [
        ("1987-09-14", false, "1987-09-14"), ("--03-07", false, "--03-07"), ("--0307", false, "--03-07"),
        ("19870914", false, "1987-09-14"), ("9/14/1987", false, "1987-09-14"),
        ("9/14/87", false, "1987-09-14"),
        ("3/7/05", false, "2005-03-07"), ("3/7/05", true, "2005-07-03"), ("14/9/1987", false, "1987-09-14"),
        ("14.9.1987", false, "1987-09-14"), ("1987/09/14", false, "1987-09-14"), ("0/0/00", false, ""),
        ("1/1/4501", false, ""), ("2/30/1987", false, "2/30/1987"), ("2/29/1988", false, "1988-02-29"),
        ("2/29/1987", false, "2/29/1987"), ("March 7", false, "March 7"), ("9/14", false, "--09-14"),
    ])
    func birthdays(written: String, dayFirst: Bool, stored: String) {
        #expect(CardValues.birthday(written, dayFirst: dayFirst) == stored)
    }

    @Test func labels() {
        #expect(CardValues.label("* Work") == ("work", true))
        #expect(CardValues.label("Mobile") == ("mobile", false))
        #expect(CardValues.label("CELL") == ("mobile", false))
        #expect(CardValues.label("Geschäftlich") == ("work", false))
        #expect(CardValues.label("Privat") == ("home", false))
        #expect(CardValues.label("Bureau") == ("work", false))
        #expect(CardValues.label("* Atelier") == ("Atelier", true), "a custom label as written")
        #expect(CardValues.label("") == ("", false))
    }

    @Test func severalValuesInOneCell() {
        #expect(CardValues.values("a@x.io ::: b@x.io") == ["a@x.io", "b@x.io"])
        #expect(CardValues.values("a@x.io") == ["a@x.io"])
        #expect(CardValues.values("a :::  ::: b") == ["a", "b"], "empty values dropped")
        #expect(CardValues.categories("* myContacts ::: Work ::: * starred") == (["Work"], true))
        #expect(CardValues.categories("Clients; VIP") == (["Clients", "VIP"], false))
    }

    @Test(arguments: [
        ("Georgios Papadakis-Noor", ["", "Georgios", "", "Papadakis-Noor", ""]),
        ("Ludwig van Beethoven", ["", "Ludwig", "", "van Beethoven", ""]),
        ("Jan van der Berg", ["", "Jan", "", "van der Berg", ""]),
        ("Papadakis-Noor, Georgios", ["", "Georgios", "", "Papadakis-Noor", ""]),
        ("de la Cruz, Ana María", ["", "Ana", "María", "de la Cruz", ""]),
        ("John Smith, Jr.", ["", "John", "", "Smith", "Jr."]),
        ("Prof. Dr. Maria Anna Weber", ["Prof. Dr.", "Maria", "Anna", "Weber", ""]),
        ("Cher", ["", "Cher", "", "", ""]),
        ("  Ann   Lee  ", ["", "Ann", "", "Lee", ""]),
        ("毛泽东", ["", "毛泽东", "", "", ""]),
        ("Dr.", ["", "Dr.", "", "", ""]),
    ])
    func namesSplitAsAPersonWould(name: String, parts: [String]) {
        let split = PersonName(splitting: name)
        #expect([split.prefix, split.first, split.middle, split.last, split.suffix] == parts)
    }

    /// Random text through each encoding's bytes, in random chunks, comes out as the text.
    @Test func transcodingAgainstAModel() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ019 ,;\"\r\néàçßüØ€‚™Žž") + ["😀", "中", "𝄞"]
        let latin = Array("abcXYZ019 ,;\"\r\néàçßüØ€‚™Žž")
        for round in 0..<200 {
            let text = String(
                (0..<Int.random(in: 0...40, using: &random)).map { _ in
                    (round % 2 == 0 ? alphabet : latin).randomElement(using: &random)!
                })
            var cases: [(CSVTextEncoding, [UInt8])] = [
                (.utf16LittleEndian, ContactFileSnifferTests.utf16(text, bigEndian: false)),
                (.utf16BigEndian, ContactFileSnifferTests.utf16(text, bigEndian: true)),
                (.utf8, Array(text.utf8)), (.ascii, Array(text.utf8)),
            ]
            if round % 2 == 1 {
                let table = Dictionary(
                    uniqueKeysWithValues: (0...255).map { (Windows1252.scalar(UInt8($0)), UInt8($0)) })
                cases.append((.windows1252, text.unicodeScalars.map { table[$0.value]! }))
            }
            for (encoding, bytes) in cases {
                var transcoder = UTF8Transcoder(encoding)
                var out: [UInt8] = []
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + Int.random(in: 0...5, using: &random))
                    bytes[start..<end].withUnsafeBytes { transcoder.feed($0) { out += $0 } }
                    start = end
                }
                transcoder.finish { out += $0 }
                #expect(String(decoding: out, as: UTF8.self) == text, "\(encoding) of \(bytes)")
            }
        }
    }

    @Test func asciiDecidesAtTheFirstNonASCIISequence() {
        func decode(_ bytes: [UInt8]) -> (String, CSVTextEncoding) {
            var transcoder = UTF8Transcoder(.ascii)
            var out: [UInt8] = []
            for byte in bytes { [byte].withUnsafeBytes { transcoder.feed($0) { out += $0 } } }
            transcoder.finish { out += $0 }
            return (String(decoding: out, as: UTF8.self), transcoder.encoding)
        }
        #expect(decode(Array("abc".utf8)) == ("abc", .ascii))
        #expect(decode(Array("é é".utf8)) == ("é é", .utf8))
        #expect(decode([0x61, 0xE9, 0x20, 0xC3, 0xA9]) == ("aé Ã©", .windows1252), "then all of it is 1252")
        #expect(decode([0x61, 0xC3]) == ("aÃ", .windows1252), "a sequence cut by the end is no UTF-8")
        #expect(decode([0xED, 0xA0, 0x80]) == ("í\u{A0}€", .windows1252), "a surrogate is no UTF-8")
    }
}
