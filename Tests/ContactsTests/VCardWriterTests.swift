import TestSupport
import Testing

@testable import Contacts

/// The writer's output: exact lines for 3.0 and 4.0, folding against a model,
/// names the reader would not give back wrapped, what a vCard cannot say.
struct VCardWriterTests {
    static var sample: ContactCard {
        var card = ContactCard()
        card.firstName = "Ana"
        card.lastName = "García"
        card.nickname = "Anita"
        card.company = "Taller"
        card.department = "Cerámica"
        card.title = "Ceramista"
        card.emails = [
            .init("ana@home.example", label: "home"), .init("ana@atelier.example", label: "Atelier"),
        ]
        card.phones = [.init("+34 600 000 000", label: "mobile")]
        card.addresses = [.init(label: "work", street: "Calle Mayor 1", city: "Madrid", country: "Spain")]
        card.urls = [.init("https://ana.example")]
        card.birthday = "--03-07"
        card.notes = "Line 1\nLine 2, with; specials\\"
        card.categories = ["Friends"]
        card.favorite = true
        card.uid = "ana-1"
        card.photo = .data(mediaType: "image/png", bytes: [1, 2, 3])
        card.other = [
            .init(name: "X-SKYPE", value: "ana.g"), .init(name: "E-mail 3 - Type", value: "Work"),
            .init(name: "item1.X-ABDATE", value: "2010-01-01"),
        ]
        return card
    }

    @Test func version3() {
        #expect(
            written(Self.sample)
                == crlf(
                    #"""
                    BEGIN:VCARD
                    VERSION:3.0
                    PRODID:-//Roster//Roster//EN
                    FN:Ana García
                    N:García;Ana;;;
                    NICKNAME:Anita
                    ORG:Taller;Cerámica
                    TITLE:Ceramista
                    EMAIL;type=INTERNET;type=HOME;type=pref:ana@home.example
                    item2.EMAIL;type=INTERNET:ana@atelier.example
                    item2.X-ABLabel:Atelier
                    TEL;type=CELL:+34 600 000 000
                    ADR;type=WORK:;;Calle Mayor 1;Madrid;;;Spain
                    URL:https://ana.example
                    BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-07
                    NOTE:Line 1\nLine 2\, with\; specials\\
                    CATEGORIES:Friends,starred
                    UID:ana-1
                    PHOTO;ENCODING=b;TYPE=PNG:AQID
                    X-SKYPE:ana.g
                    X-ROSTER-FIELD;X-NAME="E-mail 3 - Type":Work
                    item1.X-ABDATE:2010-01-01
                    END:VCARD

                    """#))
    }

    @Test func version4() {
        #expect(
            written(Self.sample, .v4)
                == crlf(
                    #"""
                    BEGIN:VCARD
                    VERSION:4.0
                    PRODID:-//Roster//Roster//EN
                    FN:Ana García
                    N:García;Ana;;;
                    NICKNAME:Anita
                    ORG:Taller;Cerámica
                    TITLE:Ceramista
                    EMAIL;TYPE=home;PREF=1:ana@home.example
                    item2.EMAIL:ana@atelier.example
                    item2.X-ABLabel:Atelier
                    TEL;TYPE=cell:+34 600 000 000
                    ADR;TYPE=work:;;Calle Mayor 1;Madrid;;;Spain
                    URL:https://ana.example
                    BDAY:--0307
                    NOTE:Line 1\nLine 2\, with\; specials\\
                    CATEGORIES:Friends,starred
                    UID:ana-1
                    PHOTO:data:image/png;base64,AQID
                    X-SKYPE:ana.g
                    X-ROSTER-FIELD;X-NAME="E-mail 3 - Type":Work
                    item1.X-ABDATE:2010-01-01
                    END:VCARD

                    """#))
    }

    @Test func foldingAgreesWithTheModel() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<300 {
            var card = ContactCard()
            let note = VCardReaderTests.randomText(&random, length: Int(random.next() % 200))
            card.notes = note.isEmpty ? "x" : note
            let version: VCardWriter.Version = round % 2 == 0 ? .v3 : .v4
            var out: [UInt8] = []
            VCardWriter(version: version).write(card, to: &out)
            var lines: [[UInt8]] = []
            var start = 0
            for index in out.indices where out[index] == 0x0A {
                #expect(index > 0 && out[index - 1] == 0x0D, "every line ends in CRLF")
                lines.append(Array(out[start..<(index - 1)]))
                start = index + 1
            }
            #expect(start == out.count)
            for (index, line) in lines.enumerated() {
                #expect(line.count <= 75, "at most 75 octets")
                #expect(
                    String(validating: line, as: UTF8.self) != nil, "never folded inside a UTF-8 sequence")
                if index > 0 && line.first == 0x20 && line.count > 1 {
                    let lead = line[1]
                    let next = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                    #expect(
                        lines[index - 1].count + next > 75, "folded only when the next character does not fit"
                    )
                }
            }
            let unfolded = VCardReaderTests.unfoldModel(out)
            let expected = "NOTE:" + VCardReaderTests.escapeModel(card.notes)
            #expect(String(decoding: unfolded, as: UTF8.self).contains("\r\n" + expected + "\r\n"))
        }
    }

    @Test func formattedNames() {
        var company = ContactCard()
        company.company = "Acme"
        #expect(written(company).contains("\r\nFN:Acme\r\nN:;;;;\r\n"))
        var mail = ContactCard()
        mail.emails = [.init("a@b.example")]
        #expect(written(mail).contains("\r\nFN:a@b.example\r\n"))
        var own = ContactCard()
        own.firstName = "John"
        own.other = [.init(name: "FN;LANGUAGE=en", value: "Johnny"), .init(name: "FN", value: "Second")]
        let text = written(own)
        #expect(
            text.contains("\r\nFN;LANGUAGE=en:Johnny\r\nN:;John;;;\r\n"), "the card's own FN, first in other")
        #expect(text.contains("\r\nX-ROSTER-FIELD;X-NAME=\"FN\":Second\r\n"), "a second FN is wrapped")
        #expect(vcards(readVCard(text)) == [own])
    }

    @Test func namesTheReaderWouldNotGiveBackAreWrapped() {
        var card = ContactCard()
        card.lastName = "Lee"
        let names = [
            "Gender", "X-FOO;TYPE=a,b", "item3.X-ABLabel", "X-Q;X-P=\"a:b;QUOTED-PRINTABLE\"",
            "TITLE", "EMAIL;TYPE=work", "X-A;ENCODING=QUOTED-PRINTABLE", "X-B;CHARSET=UTF-8",
            "X-C;QUOTED-PRINTABLE",
            "Mileage (km)", " X-SPACE", "X-LINE\nBREAK", "", "item.1.X-D", "X-ROSTER-FIELD", "VERSION",
            "a\"b^c",
        ]
        card.other = names.map { ContactCard.Property(name: $0, value: "v") }
        let text = written(card)
        for name in names.prefix(4) { #expect(text.contains("\r\n\(name):v\r\n")) }
        for name in names.dropFirst(4) { #expect(!text.contains("\r\n\(name):v\r\n"), "\(name) wrapped") }
        #expect(vcards(readVCard(text)) == [card])
    }

    @Test func customLabelGroupsSkipThoseOtherUses() {
        var card = ContactCard()
        card.phones = [.init("1", label: "Boat"), .init("2", label: "Car")]
        card.addresses = [.init(label: "Studio", city: "Oslo")]
        card.other = [
            .init(name: "ITEM1.X-ABDATE", value: "2020-01-01"), .init(name: "item3.X-ABLabel", value: "x"),
        ]
        let text = written(card)
        #expect(
            text.contains(
                "\r\nitem2.TEL;type=pref:1\r\nitem2.X-ABLabel:Boat\r\nitem4.TEL:2\r\nitem4.X-ABLabel:Car\r\n")
        )
        #expect(text.contains("\r\nitem5.ADR:;;;Oslo;;;\r\nitem5.X-ABLabel:Studio\r\n"))
        #expect(vcards(readVCard(text)) == [card])
    }

    @Test func organizationUnits() {
        for (company, department) in [
            ("A", ""), ("", "D"), ("A", "B;C"), ("A", "B;"), ("A", ";"), ("A", ";B"), ("A;B", ""),
        ] {
            var card = ContactCard()
            card.company = company
            card.department = department
            let read = vcards(readVCard(written(card))).first
            #expect(read?.company == company && read?.department == department, "\(company) / \(department)")
        }
        var card = ContactCard()
        card.company = "A"
        card.department = "B;C"
        #expect(written(card).contains("\r\nORG:A;B;C\r\n"), "units as the reader joined them")
    }

    @Test func birthdaysInEachVersion() {
        func line(_ birthday: String, _ version: VCardWriter.Version) -> String {
            var card = ContactCard()
            card.birthday = birthday
            let text = written(card, version)
            #expect(vcards(readVCard(text)).first?.birthday == birthday, "\(birthday) \(version)")
            return text.split(separator: "\r\n").first { $0.hasPrefix("BDAY") }.map(String.init) ?? ""
        }
        #expect(line("1987-09-14", .v3) == "BDAY:1987-09-14")
        #expect(line("1987-09-14", .v4) == "BDAY:19870914")
        #expect(line("--03-07", .v4) == "BDAY:--0307")
        #expect(line("circa 1800", .v3) == "BDAY:circa 1800")
        #expect(line("circa 1800", .v4) == "BDAY;VALUE=text:circa 1800")
        #expect(line("1987-13-40", .v4) == "BDAY;VALUE=text:1987-13-40")
        #expect(line("19870914", .v4) == "BDAY;VALUE=text:19870914")
        #expect(
            line("19870914", .v3) == "BDAY;VALUE=text:19870914", "a text that reads as a date says it is none"
        )
    }

    @Test func whatAVCardCannotSay() {
        var card = ContactCard()
        card.firstName = "Ann"
        card.notes = "a\r\nb\rc"
        card.emails = [.init(""), .init("x@y.example", label: "work")]
        card.addresses = [.init(label: "home")]
        card.categories = ["", " Golf ", "myContacts"]
        var expected = card
        expected.notes = "a\nb\nc"
        expected.emails = [.init("x@y.example", label: "work")]
        expected.addresses = []
        expected.categories = ["Golf"]
        #expect(vcards(readVCard(written(card))) == [expected])
    }
}
