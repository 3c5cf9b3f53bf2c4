import TestSupport
import Testing

@testable import Contacts

/// The reader's rules one by one: unfolding against a model, escapes, labels,
/// preference, names from FN, birthdays, errors by line.
struct VCardReaderTests {
    /// RFC 6350 3.2's unfolding, stated on bytes: a line break (CRLF or LF)
    /// followed by one space or tab is removed.
    static func unfoldModel(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            for fold in [[0x0D, 0x0A, 0x20], [0x0D, 0x0A, 0x09], [0x0A, 0x20], [0x0A, 0x09]] as [[UInt8]]
            where bytes[index...].starts(with: fold) {
                index += fold.count
            }
            if index < bytes.count {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    static let pieces = [
        "a", "Z", " ", ",", ";", ":", "\\", "\n", "=", "é", "日本", "👩‍👩‍👧", "\t", "\"", "x-", "9",
    ]

    static func randomText(_ random: inout SeededGenerator, length: Int) -> String {
        (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// The escaping of a text value, stated on characters.
    static func escapeModel(_ text: String) -> String {
        text.map { character -> String in
            switch character {
            case "\\": "\\\\"
            case ",": "\\,"
            case ";": "\\;"
            case "\n": "\\n"
            default: String(character)
            }
        }.joined()
    }

    @Test func unfoldingAnywhereAgreesWithTheModel() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let note = Self.randomText(&random, length: 1 + Int(random.next() % 60))
            let line = Array(("NOTE:" + Self.escapeModel(note)).utf8)
            // Fold at random byte positions (inside UTF-8 sequences too), with every fold a reader meets.
            var folded: [UInt8] = []
            for (index, byte) in line.enumerated() {
                if index > 0 && random.next() % 6 == 0 {
                    folded +=
                        [[0x0D, 0x0A, 0x20], [0x0A, 0x20], [0x0D, 0x0A, 0x09], [0x0A, 0x09]][
                            Int(random.next() % 4)]
                }
                folded.append(byte)
            }
            #expect(Self.unfoldModel(folded) == line)
            let text = Array("BEGIN:VCARD\r\nVERSION:3.0\r\n".utf8) + folded + Array("\r\nEND:VCARD\r\n".utf8)
            let cards = vcards(readVCard(text))
            #expect(cards.first?.notes == note)
        }
    }

    @Test func quotedPrintableSoftBreaks() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:2.1
            NOTE;ENCODING=QUOTED-PRINTABLE:one =
             two=3D=
            three
            TITLE;QUOTED-PRINTABLE:Chef de cuisine=
            END:VCARD
            """)
        #expect(card.notes == "one  two=three", "after a soft break the next line is taken whole")
        #expect(card.title == "Chef de cuisine", "a stray `=` before END:VCARD does not swallow it")
        let noQP = vcard("BEGIN:VCARD\nVERSION:3.0\nNOTE:ends in =\nEND:VCARD")
        #expect(noQP.notes == "ends in =", "only quoted-printable values have soft breaks")
    }

    @Test func escapesInTextStructuredAndListValues() {
        let card = vcard(
            #"""
            BEGIN:VCARD
            VERSION:3.0
            N:O\;Brien;Seán\, Óg;;;
            NOTE:a\nb\Nc\\d\,e\;f\:g\xh
            ADR;TYPE=WORK:;Suite 5\, floor 2;1 Road\nBlock B;Cork;;;Ireland
            ORG:Smith\; Sons;R\&D
            CATEGORIES:Friends\, old,Work , ,Golf
            NICKNAME:Bob,Bobby\,Rob
            NICKNAME:B
            END:VCARD
            """#)
        #expect(card.lastName == "O;Brien" && card.firstName == "Seán, Óg")
        #expect(card.notes == "a\nb\nc\\d,e;f:g\\xh", "an unknown escape is kept as written")
        #expect(
            card.addresses.first?.extended == "Suite 5, floor 2"
                && card.addresses.first?.street == "1 Road\nBlock B")
        #expect(card.company == "Smith; Sons" && card.department == "R\\&D")
        #expect(card.categories == ["Friends, old", "Work", "Golf"])
        #expect(card.nickname == "Bob, Bobby,Rob, B")
    }

    @Test func namesAndParametersIgnoreCase() {
        let card = vcard(
            """
            begin:vcard
            version:3.0
            n:Lee;Ann;;;
            Email;Type=Work:ann@work.example
            tel;type=cell;TYPE=PREF:1
            Tel;tYpE=home:2
            end:VCard
            """)
        #expect(card.lastName == "Lee" && card.emails == [.init("ann@work.example", label: "work")])
        #expect(card.phones == [.init("1", label: "mobile"), .init("2", label: "home")])
    }

    @Test func labelsFromTypesAndGroups() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            TEL;TYPE=WORK,FAX:1
            TEL;TYPE=HOME;TYPE=CELL:2
            TEL;TYPE=CAR:3
            TEL;TYPE=VOICE;TYPE=x-school;TYPE=HOME:4
            TEL;TYPE=VOICE,TEXT:5
            item7.X-ABLabel:Boat
            ITEM7.TEL;TYPE=CELL:6
            item8.TEL:7
            item8.X-ABLabel:_$!<HomeFAX>!$_
            item9.EMAIL;TYPE=INTERNET:a@b.example
            item9.X-ABLabel:_$!<Other>!$_
            item10.URL:https://x.example
            item10.X-ABLabel:_$!<HomePage>!$_
            item11.X-ABRELATEDNAMES:Jane
            item11.X-ABLabel:_$!<Spouse>!$_
            X-ABLabel:loose
            EMAIL;TYPE=INTERNET:c@d.example
            END:VCARD
            """)
        #expect(card.phones.map(\.label) == ["fax", "mobile", "CAR", "home", "", "Boat", "fax"])
        #expect(card.emails.map(\.label) == ["other", ""])
        #expect(card.urls.map(\.label) == ["HomePage"])
        #expect(
            card.other == [
                .init(name: "item11.X-ABRELATEDNAMES", value: "Jane"),
                .init(name: "item11.X-ABLabel", value: "_$!<Spouse>!$_"),
                .init(name: "X-ABLabel", value: "loose"),
            ], "labels of groups with no e-mail, phone, address or URL stay, in place")
    }

    @Test func preferredValuesFirst() {
        let four = vcard(
            """
            BEGIN:VCARD
            VERSION:4.0
            EMAIL;PREF=2:a@x.example
            EMAIL:b@x.example
            EMAIL;PREF=1:c@x.example
            ADR:;;1;A;;;
            ADR;PREF=1:;;2;B;;;
            END:VCARD
            """)
        #expect(four.emails.map(\.value) == ["c@x.example", "a@x.example", "b@x.example"])
        #expect(four.addresses.map(\.city) == ["B", "A"])
        let two = vcard(
            "BEGIN:VCARD\nVERSION:2.1\nTEL;HOME:1\nTEL;CELL;PREF:2\nEMAIL;INTERNET:a\nEMAIL;PREF;INTERNET:b\nEND:VCARD"
        )
        #expect(two.phones.map(\.value) == ["2", "1"] && two.emails.map(\.value) == ["b", "a"])
        let three = vcard("BEGIN:VCARD\nVERSION:3.0\nTEL:1\nTEL;TYPE=work,PREF:2\nEND:VCARD")
        #expect(three.phones == [.init("2", label: "work"), .init("1")])
    }

    @Test func telURIs() {
        let card = vcard(
            "BEGIN:VCARD\nVERSION:4.0\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-0100\nTEL:TEL:+1-555-0101\nTEL:+1 555\nEND:VCARD"
        )
        #expect(card.phones.map(\.value) == ["+1-555-0100", "+1-555-0101", "+1 555"])
    }

    @Test func namesFromFormattedName() {
        func names(_ fn: String) -> [String] {
            let card = vcard("BEGIN:VCARD\nVERSION:3.0\nFN:\(fn)\nEND:VCARD")
            return [
                card.prefix, card.firstName, card.middleName, card.lastName, card.suffix,
                card.other.first?.value ?? "-",
            ]
        }
        #expect(names("Dr. Ana María de la Cruz Jr.") == ["Dr.", "Ana", "María", "de la Cruz", "Jr.", "-"])
        #expect(names("Ludwig van Beethoven") == ["", "Ludwig", "", "van Beethoven", "", "-"])
        #expect(names("Madonna") == ["", "Madonna", "", "", "", "-"])
        #expect(names("Prof. Dr. Hans Peter Müller") == ["Prof. Dr.", "Hans", "Peter", "Müller", "", "-"])
        #expect(
            names("Cruz, Ana María") == ["", "Ana", "María", "Cruz", "", "Cruz, Ana María"],
            "an FN the names do not spell again is kept")
        #expect(
            names("Martin Luther King, Jr.") == [
                "", "Martin", "Luther", "King", "Jr.", "Martin Luther King, Jr.",
            ])
        #expect(names("Ms Lee") == ["Ms", "Lee", "", "", "", "-"])

        let company = vcard(
            "BEGIN:VCARD\nVERSION:3.0\nN:;;;;\nFN:Acme\nORG:Acme\nX-ABShowAs:COMPANY\nEND:VCARD")
        #expect(
            company.formattedName.isEmpty && company.other == [.init(name: "X-ABShowAs", value: "COMPANY")])
        let own = vcard("BEGIN:VCARD\nVERSION:3.0\nN:Doe;John;;;\nFN;LANGUAGE=en:Johnny D\nEND:VCARD")
        #expect(own.firstName == "John" && own.other == [.init(name: "FN;LANGUAGE=en", value: "Johnny D")])
    }

    @Test func birthdays() {
        func birthday(_ line: String) -> String {
            vcard("BEGIN:VCARD\nVERSION:4.0\n\(line)\nEND:VCARD").birthday
        }
        #expect(birthday("BDAY:1987-09-14") == "1987-09-14")
        #expect(birthday("BDAY:19870914") == "1987-09-14")
        #expect(birthday("BDAY;VALUE=date:19870914T000000Z") == "1987-09-14")
        #expect(birthday("BDAY:1987-09-14T10:00:00Z") == "1987-09-14T10:00:00Z")
        #expect(birthday("BDAY:--0307") == "--03-07")
        #expect(birthday("BDAY:--03-07") == "--03-07")
        #expect(birthday("BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-07") == "--03-07")
        #expect(birthday("BDAY:1987-13-40") == "1987-13-40", "not a date: kept as written")
        #expect(birthday("BDAY;VALUE=text:circa 1800") == "circa 1800")
        #expect(birthday("BDAY;VALUE=text:19870914") == "19870914")
    }

    @Test func photosAndOtherBinaries() {
        let png = VCardLayoutTests.png
        let text = """
            BEGIN:VCARD
            VERSION:2.1
            N:Ng;Mai
            PHOTO;ENCODING=BASE64;TYPE=PNG:\(png.prefix(40))
            \(png.dropFirst(40))

            LOGO;ENCODING=b;TYPE=PNG:\(png)
            PHOTO;VALUE=URL:https://second.example/photo.png
            END:VCARD
            """
        let kept = vcard(text)
        guard case .data(let mediaType, let bytes) = kept.photo else {
            Issue.record("no photo")
            return
        }
        #expect(
            mediaType == "image/png" && bytes.count == 70,
            "2.1 base64 may go on over lines up to a blank line")
        #expect(
            kept.other == [.init(name: "LOGO;ENCODING=b;TYPE=PNG", value: png)], "a second PHOTO is dropped")
        let dropped = vcard(text, keepPhotos: false)
        #expect(dropped.photo == nil && dropped.other.isEmpty && dropped.lastName == "Ng")
        let url = vcard("BEGIN:VCARD\nVERSION:3.0\nPHOTO;VALUE=uri:https://p.example/a\\,b.jpg\nEND:VCARD")
        #expect(url.photo == .url("https://p.example/a,b.jpg"))
        #expect(
            vcard(
                "BEGIN:VCARD\nVERSION:3.0\nPHOTO;VALUE=uri:https://p.example/a\nEND:VCARD", keepPhotos: false
            ).photo == nil)
    }

    @Test func keptFieldsComeBackUnderTheirNames() {
        let card = vcard(
            #"""
            BEGIN:VCARD
            VERSION:3.0
            X-ROSTER-FIELD;X-NAME="E-mail 3 - Type":Work
            X-ROSTER-FIELD;X-NAME="a^'b^nc^^;d:e":v
            X-ROSTER-FIELD:no name
            END:VCARD
            """#)
        #expect(
            card.other == [
                .init(name: "E-mail 3 - Type", value: "Work"), .init(name: "a\"b\nc^;d:e", value: "v"),
                .init(name: "X-ROSTER-FIELD", value: "no name"),
            ])
    }

    @Test func errorsNameTheirLineAndTheNextCardIsRead() {
        let text = crlf(
            """
            BEGIN:VCARD
            VERSION:3.0
            FN:Good One
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            NOTE:folded
             over
             lines
            this line has no colon
            FN:Bad
            END:VCARD
            BEGIN:VCARD
            FN:Missing End
            BEGIN:VCARD
            FN:After
            END:VCARD
            junk
            more junk
            BEGIN:VCARD
            NOTE;CHARSET=KOI8-R:x
            END:VCARD
            BEGIN:VCARD
            PHOTO;ENCODING=b:@@@@
            END:VCARD
            BEGIN:VCARD
            FN:Open at the end

            """)
        let items = readVCard(text)
        func card(_ line: Int, _ first: String) -> VCardReader.Item {
            var card = ContactCard()
            card.firstName = first
            card.lastName = first == "Good One" ? "One" : ""
            if first == "Good One" { card.firstName = "Good" }
            return .card(line: line, card)
        }
        #expect(
            items == [
                card(1, "Good One"),
                .error(VCardError(line: 10, cardLine: 5, message: "a line without ':'")),
                .error(
                    VCardError(
                        line: 15, cardLine: 13, message: "no END:VCARD before the BEGIN:VCARD on line 15")),
                card(15, "After"),
                .error(VCardError(line: 18, cardLine: 18, message: "text outside BEGIN:VCARD ... END:VCARD")),
                .error(VCardError(line: 21, cardLine: 20, message: "CHARSET=KOI8-R is not supported")),
                .error(VCardError(line: 24, cardLine: 23, message: "PHOTO is not valid base64")),
                .error(VCardError(line: 27, cardLine: 26, message: "no END:VCARD")),
            ])
        let withoutPhotos = vcardErrors(readVCard(text, keepPhotos: false))
        #expect(
            withoutPhotos == vcardErrors(items).filter { $0.line != 24 }, "a photo not kept is not decoded")
    }

    @Test func limitsAndStrayInput() {
        let long =
            "BEGIN:VCARD\r\nNOTE:" + String(repeating: "x", count: 200)
            + "\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Ok\r\nEND:VCARD\r\n"
        let items = readVCard(long, maxCardBytes: 100)
        #expect(
            vcardErrors(items) == [
                VCardError(line: 2, cardLine: 1, message: "a line is longer than 100 bytes")
            ])
        #expect(items.count == 2)
        let many = "BEGIN:VCARD\r\n" + String(repeating: "NOTE:0123456789\r\n", count: 10) + "END:VCARD\r\n"
        #expect(
            vcardErrors(readVCard(many, maxCardBytes: 100)).first?.message
                == "the card is longer than 100 bytes")
        #expect(readVCard("").isEmpty && readVCard("\r\n \r\n\n").isEmpty)
        #expect(
            vcards(readVCard("\u{FEFF}BEGIN:VCARD\nN:A;B\nEND:VCARD")).first?.firstName == "B",
            "a BOM is skipped")
        #expect(vcards(readVCard("BEGIN:VCARD\nN:A;B\nEND:VCARD")).count == 1, "no final line end")
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("B\0E\0G\0".utf8)
        #expect(vcardErrors(readVCard(utf16)).first?.message.contains("UTF-16") == true)
        #expect(vcardErrors(readVCard("END:VCARD\n")).count == 1)
    }

    @Test func mutatedExportsReadTheSameInAnyChunking() {
        var random = SeededGenerator(seed: 5)
        let seeds = [
            VCardLayoutTests.apple, written(VCardWriterTests.sample), written(VCardWriterTests.sample, .v4),
        ]
        .map { Array(crlf($0).utf8) }
        let interesting = Array("\r\n \t:;,=\\\".BEGIN:VCARDEND".utf8) + [0xC3, 0xA9, 0xFF]
        for round in 0..<60 {
            let bytes = random.mutated(seeds[round % seeds.count], interesting: interesting)
            for keepPhotos in [true, false] {
                let items = readVCard(bytes, keepPhotos: keepPhotos)
                #expect(items.count <= 4, "one card, or its errors")
            }
        }
    }
}
