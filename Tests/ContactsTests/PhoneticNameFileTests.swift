import Testing

@testable import Contacts

/// The names' readings in and out of address book files (docs/import-export.md, "Readings of
/// names"): vCard `X-PHONETIC-*`, `SORT-AS` and `SORT-STRING`, and the phonetic and Yomi
/// columns of Google's and Outlook's CSV, as those exporters write them.
struct PhoneticNameFileTests {
    @Test func iPhoneVCardReadings() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            PRODID:-//Apple Inc.//iPhone OS 17.5//EN
            N:佐藤;花子;;;
            FN:佐藤 花子
            X-PHONETIC-FIRST-NAME:はなこ
            X-PHONETIC-LAST-NAME:さとう
            TEL;type=CELL;type=VOICE;type=pref:090-1234-5678
            END:VCARD
            """)
        #expect([card.lastName, card.firstName] == ["佐藤", "花子"])
        #expect([card.phoneticLastName, card.phoneticFirstName] == ["さとう", "はなこ"])
        #expect(!card.other.contains { $0.name.hasPrefix("X-PHONETIC") }, "\(card.other)")
        let details = card.split().details
        #expect([details.phoneticLastName, details.phoneticFirstName] == ["さとう", "はなこ"])
    }

    @Test func androidVCardReadingsInQuotedPrintableKeepTheMiddleNamesInOther() {
        let card = vcard(
            """
            BEGIN:VCARD
            VERSION:2.1
            N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E9=88=B4=E6=9C=A8;=E4=B8=80=E9=83=8E;;;
            X-PHONETIC-FIRST-NAME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E3=81=84=E3=81=A1=E3=82=8D=E3=81=86
            X-PHONETIC-MIDDLE-NAME:Jiro
            X-PHONETIC-LAST-NAME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E3=81=99=E3=81=9A=E3=81=8D
            TEL;CELL:090-5555-0101
            END:VCARD
            """)
        #expect([card.lastName, card.firstName] == ["鈴木", "一郎"])
        #expect([card.phoneticLastName, card.phoneticFirstName] == ["すずき", "いちろう"])
        #expect(card.other == [.init(name: "X-PHONETIC-MIDDLE-NAME", value: "Jiro")])
    }

    @Test func vCard4SortAsReadsTheNamesUnlessItRepeatsThem() {
        let tanaka = vcard(
            """
            BEGIN:VCARD
            VERSION:4.0
            N;SORT-AS="たなか,ゆうこ":田中;優子;;;
            FN:優子 田中
            END:VCARD
            """)
        #expect([tanaka.phoneticLastName, tanaka.phoneticFirstName] == ["たなか", "ゆうこ"])
        // RFC 6350's own example: the family name sorted by its last word.
        let harten = vcard(
            """
            BEGIN:VCARD
            VERSION:4.0
            N;SORT-AS="Harten,Rene":van der Harten;Rene;J.;Sir;R.D.O.N.
            FN:Rene van der Harten
            END:VCARD
            """)
        #expect(harten.phoneticLastName == "Harten")
        #expect(harten.phoneticFirstName == "", "a reading that repeats the name says nothing")
        // X-PHONETIC wins over SORT-AS, wherever it stands.
        let both = vcard(
            """
            BEGIN:VCARD
            VERSION:4.0
            X-PHONETIC-LAST-NAME:さとう
            N;SORT-AS="さと,はな":佐藤;花子;;;
            END:VCARD
            """)
        #expect([both.phoneticLastName, both.phoneticFirstName] == ["さとう", "はな"])
    }

    @Test func vCard3SortStringReadsTheLastName() {
        let yamada = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            N:山田;太郎;;;
            SORT-STRING:やまだ
            END:VCARD
            """)
        #expect(yamada.phoneticLastName == "やまだ" && yamada.other == [])
        let same = vcard("BEGIN:VCARD\nVERSION:3.0\nN:Smith;John;;;\nSORT-STRING:Smith\nEND:VCARD")
        #expect(same.phoneticLastName == "" && same.other == [])
        let overridden = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            N:山田;太郎;;;
            SORT-STRING:やま
            X-PHONETIC-LAST-NAME:やまだ
            END:VCARD
            """)
        #expect(overridden.phoneticLastName == "やまだ")
        #expect(overridden.other == [.init(name: "SORT-STRING", value: "やま")])
    }

    @Test(arguments: VCardWriter.Version.allCases)
    func writtenReadingsReadBackTheSame(version: VCardWriter.Version) {
        var card = ContactCard()
        card.firstName = "花子"
        card.lastName = "佐藤"
        card.phoneticFirstName = "はなこ"
        card.phoneticLastName = "さとう"
        let text = written(card, version)
        #expect(text.contains("X-PHONETIC-FIRST-NAME:はなこ\r\n"))
        #expect(text.contains("X-PHONETIC-LAST-NAME:さとう\r\n"))
        #expect(text.contains("N;SORT-AS=\"さとう,はなこ\":佐藤;花子;;;\r\n") == (version == .v4), "\(text)")
        #expect(vcard(text) == card)
        // A reading a SORT-AS component cannot carry is written on its X-PHONETIC line alone.
        card.phoneticLastName = "さ,とう"
        let comma = written(card, version)
        #expect(!comma.contains("SORT-AS"))
        #expect(vcard(comma) == card)
        // Readings the reader kept in `other` (a second one, an overridden SORT-STRING) stay there.
        let kept = vcard(
            """
            BEGIN:VCARD
            VERSION:3.0
            N:山田;太郎;;;
            X-PHONETIC-LAST-NAME:やまだ
            X-PHONETIC-LAST-NAME:ヤマダ
            SORT-STRING:やま
            END:VCARD
            """)
        #expect(kept.other.count == 2)
        #expect(vcard(written(kept, version)) == kept)
    }

    /// A Google row: `values` by header name, every other cell "".
    private static func row(_ header: String, _ values: [String: String]) -> String {
        header.split(separator: ",").map { values[String($0)] ?? "" }.joined(separator: ",")
    }

    @Test func googleContactsPhoneticColumns() throws {
        let header = CSVLayoutTests.googleHeader
        let file = try readFile(
            csv(
                header,
                Self.row(
                    header,
                    [
                        "First Name": "花子", "Last Name": "佐藤", "Phonetic First Name": "はなこ",
                        "Phonetic Middle Name": "ミドル", "Phonetic Last Name": "さとう",
                        "Labels": "* myContacts", "Phone 1 - Label": "Mobile",
                        "Phone 1 - Value": "090-1234-5678",
                    ])))
        #expect(file.dialect.layout == .googleContacts && file.errors == [])
        let card = try #require(file.cards.first)
        #expect([card.phoneticLastName, card.phoneticFirstName] == ["さとう", "はなこ"])
        #expect(card.other == [.init(name: "Phonetic Middle Name", value: "ミドル")])
    }

    @Test func legacyGoogleYomiColumns() throws {
        let header =
            "Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,"
            + "Family Name Yomi,Name Prefix,Name Suffix,Nickname,Group Membership,E-mail 1 - Type,E-mail 1 - Value"
        let file = try readFile(
            csv(
                header,
                "鈴木 一郎,一郎,,鈴木,すずき いちろう,いちろう,,すずき,,,,* My Contacts,* Home,ichiro@mail.example"))
        #expect(file.dialect.layout == .googleLegacy)
        let card = try #require(file.cards.first)
        #expect([card.phoneticLastName, card.phoneticFirstName] == ["すずき", "いちろう"])
        #expect(
            card.other.contains(.init(name: "Yomi Name", value: "すずき いちろう")),
            "the whole name's reading is extra")
    }

    @Test func outlookYomiColumns() throws {
        // Outlook.com's export, as it heads its columns.
        let header =
            "First Name,Middle Name,Last Name,Title,Suffix,Nickname,Given Yomi,Surname Yomi,E-mail Address,"
            + "E-mail 2 Address,E-mail 3 Address,Home Phone,Home Phone 2,Business Phone,Business Phone 2,"
            + "Mobile Phone,Car Phone,Other Phone,Primary Phone,Pager,Business Fax,Home Fax,Other Fax,"
            + "Company Main Phone,Callback,Radio Phone,Telex,TTY/TDD Phone,IMAddress,Job Title,Department,"
            + "Company,Office Location,Manager's Name,Assistant's Name,Assistant's Phone,Company Yomi,"
            + "Business Street,Business City,Business State,Business Postal Code,Business Country/Region,"
            + "Home Street,Home City,Home State,Home Postal Code,Home Country/Region,Other Street,Other City,"
            + "Other State,Other Postal Code,Other Country/Region,Personal Web Page,Spouse,Schools,Hobby,"
            + "Location,Web Page,Birthday,Anniversary,Notes"
        let file = try readFile(
            csv(
                header,
                Self.row(
                    header,
                    [
                        "First Name": "太郎", "Last Name": "山田", "Given Yomi": "たろう", "Surname Yomi": "やまだ",
                        "E-mail Address": "taro@yamada.example", "Company": "山田商事",
                        "Company Yomi": "やまだしょうじ",
                    ])))
        #expect(file.dialect.layout == .outlook)
        let card = try #require(file.cards.first)
        #expect([card.lastName, card.firstName] == ["山田", "太郎"])
        #expect([card.phoneticLastName, card.phoneticFirstName] == ["やまだ", "たろう"])
        #expect(card.other == [.init(name: "Company Yomi", value: "やまだしょうじ")])
        #expect(
            HeaderVocabulary.column("Given Yomi", layout: .outlook).description == "phonetic first name")
    }
}
