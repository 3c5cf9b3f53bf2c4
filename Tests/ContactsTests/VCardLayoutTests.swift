import Testing

@testable import Contacts

/// Cards in the exact shapes exporters write: Apple Contacts (3.0), Google
/// Contacts (3.0), Nextcloud (3.0 and 4.0), Thunderbird (4.0), Android and
/// Outlook (2.1).
struct VCardLayoutTests {
    static let jpeg = """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEx8hIh4c
         HBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAA
         AAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==
        """
    static let png =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

    static let apple = """
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//macOS 14.4//EN
        N:Appleseed;John;Paul;Mr.;Jr.
        FN:Mr. John Paul Appleseed Jr.
        NICKNAME:Johnny
        ORG:Apple Inc.;Engineering
        TITLE:Engineer
        EMAIL;type=INTERNET;type=WORK:john@apple.example
        EMAIL;type=INTERNET;type=HOME;type=pref:john@home.example
        TEL;type=CELL;type=VOICE;type=pref:+1 (408) 555-0100
        TEL;type=IPHONE;type=CELL;type=VOICE:+1 408 555 0101
        TEL;type=HOME;type=FAX:+1 408 555 0102
        item1.ADR;type=HOME;type=pref:;;1 Infinite Loop\\nBuilding 2;Cupertino;CA;95014;United States
        item1.X-ABADR:us
        item2.URL;type=pref:http://www.apple.example
        item2.X-ABLabel:_$!<HomePage>!$_
        item3.X-ABDATE;type=pref:2010-06-01
        item3.X-ABLabel:_$!<Anniversary>!$_
        item4.EMAIL;type=INTERNET:jp@atelier.example
        item4.X-ABLabel:Atelier
        item5.TEL:+1 408 555 0199
        item5.X-ABLabel:_$!<Mobile>!$_
        BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-07
        NOTE:First line\\nSecond line\\, with a comma
        IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref:skype:johnny.appleseed
        X-SOCIALPROFILE;type=twitter:https://twitter.com/johnny
        PHOTO;ENCODING=b;TYPE=JPEG:\(jpeg)
        X-ABUID:5AD380FD-B2DE-4261-BA99-DE1D1DB52FBE\\:ABPerson
        END:VCARD
        """

    @Test func appleContacts() throws {
        let card = vcard(Self.apple)
        #expect(card.prefix == "Mr." && card.firstName == "John" && card.middleName == "Paul")
        #expect(card.lastName == "Appleseed" && card.suffix == "Jr.")
        #expect(card.nickname == "Johnny" && card.company == "Apple Inc." && card.department == "Engineering")
        #expect(card.title == "Engineer")
        #expect(
            card.emails == [
                .init("john@home.example", label: "home"), .init("john@apple.example", label: "work"),
                .init("jp@atelier.example", label: "Atelier"),
            ], "the preferred first; item4's X-ABLabel labels its e-mail")
        #expect(
            card.phones == [
                .init("+1 (408) 555-0100", label: "mobile"), .init("+1 408 555 0101", label: "mobile"),
                .init("+1 408 555 0102", label: "fax"), .init("+1 408 555 0199", label: "mobile"),
            ])
        #expect(
            card.addresses == [
                .init(
                    label: "home", street: "1 Infinite Loop\nBuilding 2", city: "Cupertino", region: "CA",
                    postcode: "95014", country: "United States")
            ])
        #expect(card.urls == [.init("http://www.apple.example", label: "HomePage")])
        #expect(card.birthday == "--03-07")
        #expect(card.notes == "First line\nSecond line, with a comma")
        #expect(
            card.other == [
                .init(name: "item1.X-ABADR", value: "us"),
                .init(name: "item3.X-ABDATE;type=pref", value: "2010-06-01"),
                .init(name: "item3.X-ABLabel", value: "_$!<Anniversary>!$_"),
                .init(name: "IMPP;X-SERVICE-TYPE=Skype;type=HOME;type=pref", value: "skype:johnny.appleseed"),
                .init(name: "X-SOCIALPROFILE;type=twitter", value: "https://twitter.com/johnny"),
                .init(name: "X-ABUID", value: "5AD380FD-B2DE-4261-BA99-DE1D1DB52FBE:ABPerson"),
            ], "FN (derived), VERSION and PRODID dropped; what has no field kept as written")
        guard case .data(let mediaType, let bytes) = card.photo else {
            Issue.record("no photo")
            return
        }
        #expect(
            mediaType == "image/jpeg" && bytes.prefix(3) == [0xFF, 0xD8, 0xFF]
                && bytes.suffix(2) == [0xFF, 0xD9])

        let dropped = vcard(Self.apple, keepPhotos: false)
        #expect(dropped.photo == nil && dropped.other == card.other, "a photo not kept goes nowhere")
    }

    @Test func googleContacts() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            FN:Jane Q. Doe
            N:Doe;Jane;Q.;;
            NICKNAME:JJ
            EMAIL;TYPE=INTERNET;TYPE=HOME:jane@home.example
            EMAIL;TYPE=INTERNET;TYPE=WORK:jane@work.example
            TEL;TYPE=CELL:+1 555-0100
            TEL;TYPE=WORK:+1 555-0101
            item1.TEL:+1 555-0102
            item1.X-ABLabel:Boat
            ADR;TYPE=HOME:;;1 Main St;Springfield;IL;62701;US
            ORG:Acme Corp.
            TITLE:Engineer
            BDAY:--12-25
            item2.URL:http\\://jane.example
            item2.X-ABLabel:profile
            NOTE:Met at the conference\\, 2019
            CATEGORIES:myContacts,starred,Friends
            PHOTO:https://lh3.googleusercontent.example/a/photo.jpg
            END:VCARD
            """)
        #expect(card.firstName == "Jane" && card.middleName == "Q." && card.lastName == "Doe")
        #expect(
            card.emails == [
                .init("jane@home.example", label: "home"), .init("jane@work.example", label: "work"),
            ])
        #expect(
            card.phones == [
                .init("+1 555-0100", label: "mobile"), .init("+1 555-0101", label: "work"),
                .init("+1 555-0102", label: "Boat"),
            ])
        #expect(card.addresses.first?.city == "Springfield" && card.addresses.first?.label == "home")
        #expect(card.company == "Acme Corp." && card.department == "" && card.title == "Engineer")
        #expect(card.birthday == "--12-25")
        #expect(card.urls == [.init("http://jane.example", label: "profile")])
        #expect(card.notes == "Met at the conference, 2019")
        #expect(card.categories == ["Friends"] && card.favorite, "myContacts dropped, starred a favorite")
        #expect(card.photo == .url("https://lh3.googleusercontent.example/a/photo.jpg"))
        #expect(card.other.isEmpty)
    }

    @Test func nextcloud() {
        let three = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            PRODID:-//Sabre//Sabre VObject 4.5.4//EN
            UID:4e1c3f2a-9b8d-4c7e-a6f5-0d1e2c3b4a59
            FN:Kenji Watanabe
            N:Watanabe;Kenji;;;
            EMAIL;TYPE=HOME:kenji@home.example
            TEL;TYPE="HOME,VOICE":+81 3-5555-0100
            TEL;TYPE=CELL:+81 90-5555-0132
            ADR;TYPE=HOME:;;1-2-3 Shibuya;Tokyo;;150-0002;Japan
            CATEGORIES:Friends,Design
            PHOTO;ENCODING=b;TYPE=image/png:\(Self.png)
            REV;VALUE=DATE-AND-OR-TIME:20240301T101500Z
            END:VCARD
            """)
        #expect(three.uid == "4e1c3f2a-9b8d-4c7e-a6f5-0d1e2c3b4a59")
        #expect(
            three.phones == [
                .init("+81 3-5555-0100", label: "home"), .init("+81 90-5555-0132", label: "mobile"),
            ])
        #expect(three.categories == ["Friends", "Design"] && three.other.isEmpty, "REV dropped")
        if case .data(let mediaType, let bytes) = three.photo {
            #expect(mediaType == "image/png" && bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        } else {
            Issue.record("no photo")
        }

        let four = vcard(
            """
            BEGIN:VCARD
            VERSION:4.0
            PRODID:-//Sabre//Sabre VObject 4.5.4//EN
            UID:urn:uuid:7f0c2d9e-1a3b-4c5d-8e7f-6a5b4c3d2e1f
            FN:Ingrid Solberg-Aas
            N:Solberg-Aas;Ingrid;;;
            EMAIL;TYPE=work:ingrid@work.example
            EMAIL;PREF=1;TYPE=home:ingrid@home.example
            TEL;VALUE=uri;TYPE="voice,cell";PREF=1:tel:+47-412-55-019
            TEL;VALUE=uri;TYPE=work:tel:+47-22-55-01-90
            ADR;TYPE=work;LABEL="Dronning Eufemias gate 16\\n0191 Oslo":;;Dronning Eufemias gate 16;Oslo;;0191;Norway
            BDAY:--0517
            ANNIVERSARY:20100612
            GENDER:F
            PHOTO;VALUE=uri:data:image/png;base64,\(Self.png)
            REV:20240301T101500Z
            END:VCARD
            """)
        #expect(four.uid == "urn:uuid:7f0c2d9e-1a3b-4c5d-8e7f-6a5b4c3d2e1f")
        #expect(
            four.emails == [
                .init("ingrid@home.example", label: "home"), .init("ingrid@work.example", label: "work"),
            ])
        #expect(
            four.phones == [
                .init("+47-412-55-019", label: "mobile"), .init("+47-22-55-01-90", label: "work"),
            ])
        #expect(
            four.addresses.first?.street == "Dronning Eufemias gate 16"
                && four.addresses.first?.label == "work")
        #expect(four.birthday == "--05-17")
        #expect(
            four.other == [.init(name: "ANNIVERSARY", value: "20100612"), .init(name: "GENDER", value: "F")])
        if case .data(let mediaType, _) = four.photo {
            #expect(mediaType == "image/png")
        } else {
            Issue.record("no photo")
        }
    }

    @Test func thunderbird() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:4.0
            EMAIL;PREF=1:ada@example.org
            EMAIL:ada@work.example
            FN:Ada Lovelace
            N:Lovelace;Ada;;;
            NICKNAME:Countess
            NOTE:Mathematician\\nFirst programmer
            ORG:Analytical Engines Ltd;Research
            TITLE:Analyst
            TEL;TYPE=work;VALUE=TEXT:+44 20 7946 0000
            TEL;TYPE=cell;VALUE=TEXT:+44 7700 900000
            ADR;TYPE=home:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom
            URL;VALUE=URL:https://ada.example.org
            BDAY;VALUE=DATE:18151210
            UID:ab12cd34-5678-90ef-1234-567890abcdef
            X-MOZILLA-HTML:TRUE
            END:VCARD
            """)
        #expect(card.emails.map(\.value) == ["ada@example.org", "ada@work.example"])
        #expect(card.notes == "Mathematician\nFirst programmer" && card.nickname == "Countess")
        #expect(card.company == "Analytical Engines Ltd" && card.department == "Research")
        #expect(
            card.phones == [
                .init("+44 20 7946 0000", label: "work"), .init("+44 7700 900000", label: "mobile"),
            ])
        #expect(card.urls == [.init("https://ada.example.org")])
        #expect(card.birthday == "1815-12-10")
        #expect(card.other == [.init(name: "X-MOZILLA-HTML", value: "TRUE")])
    }

    @Test func android21() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:2.1
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Fran=C3=A7ois;=C3=89lodie;;;
            FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=89lodie Fran=C3=A7ois
            TEL;CELL:+33 6 12 34 56 78
            TEL;HOME;PREF:+33 1 23 45 67 89
            EMAIL;HOME:elodie@maison.example
            ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;12 rue de la Paix;Paris;;75002;Fran=
            ce
            NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Premi=C3=A8re ligne=0D=0ADeuxi=C3=A8me =
            ligne
            X-ANDROID-CUSTOM;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:vnd.android.cursor.item/nickname;Lolo;1;;;;;;;;;;;;;
            PHOTO;ENCODING=BASE64;JPEG:\(Self.jpeg)

            END:VCARD
            """)
        #expect(card.lastName == "François" && card.firstName == "Élodie" && card.other.count == 1)
        #expect(
            card.phones == [
                .init("+33 1 23 45 67 89", label: "home"), .init("+33 6 12 34 56 78", label: "mobile"),
            ])
        #expect(card.addresses.first?.country == "France", "a soft line break joins the lines")
        #expect(card.notes == "Première ligne\nDeuxième ligne")
        #expect(
            card.other == [
                .init(name: "X-ANDROID-CUSTOM", value: "vnd.android.cursor.item/nickname;Lolo;1;;;;;;;;;;;;;")
            ], "named without the parameters the reader decoded")
        if case .data(let mediaType, _) = card.photo {
            #expect(mediaType == "image/jpeg")
        } else {
            Issue.record("no photo")
        }
    }

    @Test func outlook21InWindows1252() {
        var bytes: [UInt8] = []
        for line in [
            "BEGIN:VCARD", "VERSION:2.1", "N;LANGUAGE=de-de;CHARSET=Windows-1252:M\u{FC}ller;J\u{FC}rgen",
            "FN;CHARSET=Windows-1252:J\u{FC}rgen M\u{FC}ller",
            "ORG;CHARSET=Windows-1252:B\u{E4}ckerei M\u{FC}ller GmbH",
            "TEL;WORK;VOICE:+49 30 1234567", "TEL;CELL;VOICE:+49 171 1234567",
            "ADR;WORK;PREF;CHARSET=Windows-1252:;;Hauptstra\u{DF}e 1;Berlin;;10115;Deutschland",
            "LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE;CHARSET=Windows-1252:Hauptstra=DFe 1=0D=0ABerlin 10115",
            "EMAIL;PREF;INTERNET:juergen@baeckerei.example",
            "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=Windows-1252:Liefert Br=F6tchen =80 2,50",
            "X-MS-OL-DEFAULT-POSTAL-ADDRESS:2", "REV:20240301T101500Z", "END:VCARD",
        ] {
            // One byte per character: the file is Windows-1252.
            bytes += line.unicodeScalars.map { UInt8($0.value) } + [0x0D, 0x0A]
        }
        let cards = vcards(readVCard(bytes))
        let card = cards.first ?? ContactCard()
        #expect(
            card.lastName == "Müller" && card.firstName == "Jürgen" && card.company == "Bäckerei Müller GmbH")
        #expect(card.addresses.first?.street == "Hauptstraße 1" && card.addresses.first?.label == "work")
        #expect(
            card.phones == [
                .init("+49 30 1234567", label: "work"), .init("+49 171 1234567", label: "mobile"),
            ])
        #expect(card.notes == "Liefert Brötchen € 2,50")
        #expect(
            card.other == [
                .init(name: "LABEL;WORK;PREF", value: "Hauptstraße 1\nBerlin 10115"),
                .init(name: "X-MS-OL-DEFAULT-POSTAL-ADDRESS", value: "2"),
            ])
    }

    @Test func latinTextWithoutCharsetAndIso88591() {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Jos".utf8) + [0xE9]
        bytes += Array(
            ";Ana\r\nNOTE;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Caf=E9 =80\r\nEND:VCARD\r\n".utf8)
        let read = vcards(readVCard(bytes)).first
        #expect(read?.lastName == "José", "invalid UTF-8 without a CHARSET is read as Windows-1252")
        #expect(read?.notes == "Café \u{80}", "ISO-8859-1 has no euro sign: 0x80 is U+0080")
    }

    /// Two files of the kind the issue names: a 3.0 card beside a 2.1 one, and 4.0 cards.
    @Test func mixedVersionsInOneFile() {
        let cards = vcards(
            readVCard(
                crlf(
                    """
                    BEGIN:VCARD
                    VERSION:3.0
                    FN:Aurélie Dubois-Marchand
                    N:Dubois-Marchand;Aurélie;;;
                    EMAIL;TYPE=INTERNET;TYPE=HOME:aurelie.dm@courriel.example
                    item1.EMAIL;TYPE=INTERNET:a.dubois@atelier-marchand.example
                    item1.X-ABLabel:Atelier
                    TEL;TYPE=CELL:+33 6 55 50 12 34
                    ADR;TYPE=HOME:;;14 rue des Lilas;Lyon;;69003;France
                    ORG:Atelier Marchand
                    TITLE:Céramiste
                    BDAY:1991-06-21
                    NOTE:Commission for the spring show
                    END:VCARD
                    BEGIN:VCARD
                    VERSION:2.1
                    N:Brennan;Siobhan
                    FN:Siobhan Brennan
                    TEL;CELL:+353 87 555 0161
                    NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9 owner in Galway=0D=0ACall after 6
                    EMAIL;INTERNET:siobhan@bluedoorcafe.example
                    END:VCARD
                    BEGIN:VCARD
                    VERSION:4.0
                    UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1
                    FN:Ingrid Solberg-Aas
                    N:Solberg-Aas;Ingrid;;;
                    NOTE:Met at the Bergen energy summit\\, 2023.\\nSpeaks Norwegian\\, English and Germa
                     n.
                    END:VCARD
                    """)))
        #expect(cards.count == 3)
        #expect(cards[0].emails.map(\.label) == ["home", "Atelier"] && cards[0].birthday == "1991-06-21")
        #expect(cards[1].notes == "Café owner in Galway\nCall after 6" && cards[1].emails.first?.label == "")
        #expect(
            cards[2].notes == "Met at the Bergen energy summit, 2023.\nSpeaks Norwegian, English and German.")
    }
}
