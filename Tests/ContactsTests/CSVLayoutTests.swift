import Testing

@testable import Contacts

/// Each exporter's layout, in the exact shape it writes, read into cards.
struct CSVLayoutTests {
    static let googleHeader =
        "First Name,Middle Name,Last Name,Phonetic First Name,Phonetic Middle Name,Phonetic Last Name,"
        + "Name Prefix,Name Suffix,Nickname,File As,Organization Name,Organization Title,Organization Department,"
        + "Birthday,Notes,Photo,Labels,E-mail 1 - Label,E-mail 1 - Value,E-mail 2 - Label,E-mail 2 - Value,"
        + "Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Address 1 - Label,Address 1 - Formatted,"
        + "Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,"
        + "Address 1 - Country,Address 1 - Extended Address,Website 1 - Label,Website 1 - Value"

    @Test func googleContacts() throws {
        let file = try readFile(
            csv(
                Self.googleHeader,
                "Priya,K.,Ravindran,,,,,,Pri,,Quillfeather Labs,Head of Research,R&D,1987-09-14,\"Prefers Signal\n"
                    + "Vegetarian\",,* myContacts ::: Work,* Work,priya@quillfeather.example,Home,"
                    + "priya.r@homemail.example,Mobile,+44 7700 900123,Work,+44 20 7946 0958,Work,\"12 Tanner St\n"
                    + "London SE1 3LD\nUK\",12 Tanner St,London,,,SE1 3LD,UK,,Work,https://quillfeather.example",
                "Tomasz,,Wójcik,,,,,,,,,,,--03-07,,,* myContacts,* Home,tomek@poczta.example ::: "
                    + "t.wojcik@firma.example,,,Mobile,+48 601 555 014 ::: +48 22 555 0199,,,Home,,,Kraków,,,,Poland,,,",
                ",,,,,,,,,,Harborview Dental Clinic,,,,Open Sat 9-13,,* myContacts,* Work,"
                    + "frontdesk@harborview-dental.example,,,Work,+1 206-555-0143,,,Work,,,Seattle,,WA,,USA,,,",
                "Sam,,Lee,,,,,,,,,,,,,,* starred ::: Family,Home,sam@home.example,* Work,sam@work.example,,,,,,,,,,,,,,,,"
            ))
        #expect(file.dialect.layout == .googleContacts)
        #expect(file.errors == [])
        let cards = file.cards
        #expect(cards.count == 4)
        let priya = cards[0]
        #expect(
            [priya.firstName, priya.middleName, priya.lastName, priya.nickname] == [
                "Priya", "K.", "Ravindran", "Pri",
            ])
        #expect(
            [priya.company, priya.title, priya.department] == [
                "Quillfeather Labs", "Head of Research", "R&D",
            ])
        #expect(priya.birthday == "1987-09-14")
        #expect(priya.notes == "Prefers Signal\nVegetarian")
        #expect(priya.categories == ["Work"], "* myContacts is every contact's: not a group")
        #expect(
            priya.emails == [
                .init("priya@quillfeather.example", label: "work"),
                .init("priya.r@homemail.example", label: "home"),
            ])
        #expect(
            priya.phones == [
                .init("+44 7700 900123", label: "mobile"), .init("+44 20 7946 0958", label: "work"),
            ])
        #expect(
            priya.addresses == [
                .init(
                    label: "work", street: "12 Tanner St", city: "London", postcode: "SE1 3LD", country: "UK")
            ])
        #expect(priya.other == [], "the formatted address says nothing its parts do not")
        #expect(priya.urls == [.init("https://quillfeather.example", label: "work")])
        let tomasz = cards[1]
        #expect(tomasz.birthday == "--03-07")
        #expect(tomasz.emails.map(\.value) == ["tomek@poczta.example", "t.wojcik@firma.example"])
        #expect(tomasz.emails.map(\.label) == ["home", "home"], "both values of one cell have its label")
        #expect(tomasz.phones.map(\.value) == ["+48 601 555 014", "+48 22 555 0199"])
        #expect(tomasz.addresses.first?.city == "Kraków")
        let clinic = cards[2]
        #expect(
            clinic.firstName == "" && clinic.lastName == "" && clinic.company == "Harborview Dental Clinic")
        #expect(clinic.addresses.first?.region == "WA")
        let sam = cards[3]
        #expect(
            sam.emails.map(\.value) == ["sam@work.example", "sam@home.example"], "the * label goes first")
        #expect(sam.emails.map(\.label) == ["work", "home"])
        #expect(sam.favorite && sam.categories == ["Family"])
    }

    @Test func googleLegacy() throws {
        let header =
            "Name,Given Name,Additional Name,Family Name,Yomi Name,Given Name Yomi,Additional Name Yomi,"
            + "Family Name Yomi,Name Prefix,Name Suffix,Initials,Nickname,Short Name,Maiden Name,Birthday,Gender,"
            + "Location,Billing Information,Directory Server,Mileage,Occupation,Hobby,Sensitivity,Priority,Subject,"
            + "Notes,Language,Photo,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,"
            + "Phone 2 - Type,Phone 2 - Value,Address 1 - Type,Address 1 - Formatted,Address 1 - Street,"
            + "Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,"
            + "Address 1 - Extended Address,Organization 1 - Type,Organization 1 - Name,Organization 1 - Yomi Name,"
            + "Organization 1 - Title,Organization 1 - Department,Organization 1 - Symbol,Organization 1 - Location,"
            + "Organization 1 - Job Description"
        let file = try readFile(
            csv(
                header,
                "Lindiwe Mokoena,Lindiwe,,Mokoena,,,,,,,,,,,1979-11-02,Female,,,,,,,,,,Board member since 2019,,,"
                    + "* My Contacts ::: Board,* Home,lindiwe.mokoena@mail.example,Mobile,+27 82 555 0147,Work,"
                    + "+27 11 555 0110,Work,,,Johannesburg,,Gauteng,,South Africa,,,Umoya Trust,,Treasurer,,,,"
            ))
        #expect(file.dialect.layout == .googleLegacy)
        let card = try #require(file.cards.first)
        #expect(
            [card.firstName, card.lastName, card.company, card.title] == [
                "Lindiwe", "Mokoena", "Umoya Trust", "Treasurer",
            ])
        #expect(card.emails == [.init("lindiwe.mokoena@mail.example", label: "home")])
        #expect(card.phones.map(\.value) == ["+27 82 555 0147", "+27 11 555 0110"])
        #expect(
            card.addresses == [
                .init(label: "work", city: "Johannesburg", region: "Gauteng", country: "South Africa")
            ])
        #expect(card.birthday == "1979-11-02" && card.notes == "Board member since 2019")
        #expect(card.categories == ["Board"])
        #expect(
            card.other == [.init(name: "Gender", value: "Female")],
            "the Name column says no more than the names")
    }

    static let outlookHeader =
        "\"First Name\",\"Middle Name\",\"Last Name\",\"Title\",\"Suffix\",\"Initials\",\"Web Page\",\"Gender\","
        + "\"Birthday\",\"Anniversary\",\"Location\",\"Language\",\"Internet Free Busy\",\"Notes\",\"E-mail Address\","
        + "\"E-mail 2 Address\",\"E-mail 3 Address\",\"Primary Phone\",\"Home Phone\",\"Home Phone 2\",\"Mobile Phone\","
        + "\"Pager\",\"Home Fax\",\"Home Address\",\"Home Street\",\"Home Street 2\",\"Home Street 3\","
        + "\"Home Address PO Box\",\"Home City\",\"Home State\",\"Home Postal Code\",\"Home Country\",\"Spouse\","
        + "\"Children\",\"Manager's Name\",\"Assistant's Name\",\"Referred By\",\"Company Main Phone\",\"Business Phone\","
        + "\"Business Phone 2\",\"Business Fax\",\"Assistant's Phone\",\"Company\",\"Job Title\",\"Department\","
        + "\"Office Location\",\"Organizational ID Number\",\"Profession\",\"Account\",\"Business Address\","
        + "\"Business Street\",\"Business Street 2\",\"Business Street 3\",\"Business Address PO Box\",\"Business City\","
        + "\"Business State\",\"Business Postal Code\",\"Business Country\",\"Other Phone\",\"Other Fax\","
        + "\"Other Address\",\"Other Street\",\"Other Street 2\",\"Other Street 3\",\"Other Address PO Box\","
        + "\"Other City\",\"Other State\",\"Other Postal Code\",\"Other Country\",\"Callback\",\"Car Phone\",\"ISDN\","
        + "\"Radio Phone\",\"TTY/TDD Phone\",\"Telex\",\"User 1\",\"User 2\",\"User 3\",\"User 4\",\"Keywords\","
        + "\"Mileage\",\"Hobby\",\"Billing Information\",\"Directory Server\",\"Sensitivity\",\"Priority\","
        + "\"Private\",\"Categories\""

    /// An Outlook row: `values` by header name, every other cell "".
    static func outlookRow(_ values: [String: String]) -> String {
        let names = try! CSVDialectTestHeader.split(outlookHeader)
        return names.map { "\"\(values[$0] ?? "")\"" }.joined(separator: ",")
    }

    @Test func outlookEnglish() throws {
        let file = try readFile(
            csv(
                Self.outlookHeader,
                Self.outlookRow([
                    "First Name": "Marguerite", "Last Name": "Okonkwo-Hale", "Title": "Dr.",
                    "Notes": "Quarterly review in March",
                    "E-mail Address": "m.okonkwohale@brightwater.example",
                    "Business Phone": "+1 (312) 555-0177", "Home Phone": "+1 312 555 0100",
                    "Company": "Brightwater Freight", "Job Title": "Logistics Lead",
                    "Business City": "Chicago",
                    "Business State": "IL", "Birthday": "9/14/1987", "Categories": "Clients;VIP",
                    "Gender": "Female",
                ]),
                Self.outlookRow([
                    "First Name": "Dmitri", "Last Name": "Vasquez-Lind",
                    "E-mail 2 Address": "dmitri.vl@personal.example",
                    "Home Phone": "+46 8 555 012 34", "Mobile Phone": "+46 70 555 01 99",
                    "Home City": "Stockholm",
                    "Birthday": "0/0/00",
                ])))
        #expect(file.dialect.layout == .outlook)
        let (marguerite, dmitri) = (file.cards[0], file.cards[1])
        #expect(marguerite.prefix == "Dr." && marguerite.title == "Logistics Lead")
        #expect(
            marguerite.phones == [
                .init("+1 312 555 0100", label: "home"), .init("+1 (312) 555-0177", label: "work"),
            ],
            "in the order of their columns")
        #expect(marguerite.addresses == [.init(label: "work", city: "Chicago", region: "IL")])
        #expect(marguerite.birthday == "1987-09-14")
        #expect(marguerite.categories == ["Clients", "VIP"])
        #expect(marguerite.other == [.init(name: "Gender", value: "Female")])
        #expect(dmitri.emails == [.init("dmitri.vl@personal.example")])
        #expect(dmitri.phones.map(\.label) == ["mobile", "home"], "a mobile comes before other phones")
        #expect(dmitri.addresses == [.init(label: "home", city: "Stockholm")])
        #expect(dmitri.birthday == "", "0/0/00 is Outlook's none")
    }

    @Test func outlookGerman() throws {
        let header =
            "\"Anrede\",\"Vorname\",\"Weitere Vornamen\",\"Nachname\",\"Suffix\",\"Firma\",\"Abteilung\",\"Position\","
            + "\"Straße geschäftlich\",\"Ort geschäftlich\",\"Postleitzahl geschäftlich\",\"Land/Region geschäftlich\","
            + "\"Straße privat\",\"Ort privat\",\"Telefon geschäftlich\",\"Telefon privat\",\"Mobiltelefon\","
            + "\"E-Mail-Adresse\",\"E-Mail-Typ\",\"E-Mail 2: Adresse\",\"Geburtstag\",\"Kategorien\",\"Notizen\""
        let row =
            "\"Herr\",\"Jürgen\",\"\",\"Großmann\",\"\",\"Großmann Werkstatt\",\"Service\",\"Meister\",\"Hauptstraße 5\","
            + "\"München\",\"80331\",\"Deutschland\",\"\",\"Freising\",\"+49 89 5550 100\",\"\",\"+49 151 5550 1234\","
            + "\"j.grossmann@werkstatt.example\",\"SMTP\",\"jg@privat.example\",\"14.9.1971\",\"Lieferanten\",\"\""
        let file = try readFile(csv(header, row))
        #expect(file.dialect.layout == .outlookGerman)
        let card = try #require(file.cards.first)
        #expect([card.prefix, card.firstName, card.lastName] == ["Herr", "Jürgen", "Großmann"])
        #expect([card.company, card.department, card.title] == ["Großmann Werkstatt", "Service", "Meister"])
        #expect(card.emails.map(\.value) == ["j.grossmann@werkstatt.example", "jg@privat.example"])
        #expect(
            card.phones == [
                .init("+49 151 5550 1234", label: "mobile"), .init("+49 89 5550 100", label: "work"),
            ])
        #expect(card.addresses.map(\.city) == ["München", "Freising"])
        #expect(
            card.addresses.first
                == .init(
                    label: "work", street: "Hauptstraße 5", city: "München", postcode: "80331",
                    country: "Deutschland"))
        #expect(card.birthday == "1971-09-14")
        #expect(card.categories == ["Lieferanten"])
        #expect(card.other == [.init(name: "E-Mail-Typ", value: "SMTP")])
    }

    @Test func outlookFrench() throws {
        let header =
            "\"Titre\",\"Prénom\",\"Deuxième prénom\",\"Nom\",\"Suffixe\",\"Société \",\"Service \",\"Titre\","
            + "\"Rue (bureau)\",\"Ville (bureau)\",\"Code postal (bureau)\",\"Ville (domicile)\",\"Téléphone (bureau)\","
            + "\"Tél. mobile\",\"Adresse de messagerie\",\"Adresse de messagerie 2\",\"Anniversaire\",\"Notes\""
        let row =
            "\"Mme\",\"Aurélie\",\"\",\"Dubois-Marchand\",\"\",\"Atelier Marchand\",\"Création\",\"Céramiste\","
            + "\"14 rue des Lilas\",\"Lyon\",\"69003\",\"Villeurbanne\",\"+33 4 55 50 12 00\",\"+33 6 55 50 12 34\","
            + "\"aurelie.dm@courriel.example\",\"\",\"07/03/1991\",\"Commission pour le salon\""
        let file = try readFile(csv(header, row))
        #expect(file.dialect.layout == .outlookFrench)
        let card = try #require(file.cards.first)
        #expect([card.prefix, card.firstName, card.lastName] == ["Mme", "Aurélie", "Dubois-Marchand"])
        #expect(
            [card.company, card.department, card.title] == ["Atelier Marchand", "Création", "Céramiste"])
        #expect(card.phones.map(\.label) == ["mobile", "work"])
        #expect(card.emails == [.init("aurelie.dm@courriel.example")])
        #expect(card.addresses.map(\.city) == ["Lyon", "Villeurbanne"])
        #expect(card.birthday == "1991-03-07", "French dates are day first")
        #expect(card.notes == "Commission pour le salon")
    }

    @Test func thunderbird() throws {
        let header =
            "First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,Screen Name,Work Phone,"
            + "Home Phone,Fax Number,Pager Number,Mobile Number,Home Address,Home Address 2,Home City,Home State,"
            + "Home ZipCode,Home Country,Work Address,Work Address 2,Work City,Work State,Work ZipCode,Work Country,"
            + "Job Title,Department,Organization,Web Page 1,Web Page 2,Birth Year,Birth Month,Birth Day,Custom 1,"
            + "Custom 2,Custom 3,Custom 4,Notes,"
        let row =
            "Kenji,Watanabe,Kenji Watanabe,Ken,kenji.w@sakura-design.example,kenji@home.example,,+81 6 5555 0100,,"
            + ",,+81 90-5555-0132,1-2-3 Umeda,Flat 4,Osaka,,530-0001,Japan,,,Kyoto,,,,Designer,,Sakura Design,"
            + "https://sakura-design.example,,1984,5,17,tea,,,,Met in Kyoto,"
        let file = try readFile(csv(header, row))
        #expect(file.dialect.layout == .thunderbird)
        let card = try #require(file.cards.first)
        #expect([card.firstName, card.lastName, card.nickname] == ["Kenji", "Watanabe", "Ken"])
        #expect(card.emails.map(\.value) == ["kenji.w@sakura-design.example", "kenji@home.example"])
        #expect(
            card.phones == [
                .init("+81 90-5555-0132", label: "mobile"), .init("+81 6 5555 0100", label: "work"),
            ])
        #expect(
            card.addresses[0]
                == .init(
                    label: "home", street: "1-2-3 Umeda\nFlat 4", city: "Osaka", postcode: "530-0001",
                    country: "Japan"))
        #expect(card.addresses[1] == .init(label: "work", city: "Kyoto"))
        #expect([card.company, card.title] == ["Sakura Design", "Designer"])
        #expect(card.urls == [.init("https://sakura-design.example")])
        #expect(card.birthday == "1984-05-17")
        #expect(
            card.other == [.init(name: "Custom 1", value: "tea")],
            "the display name says no more than the names")
        #expect(card.notes == "Met in Kyoto")
    }

    @Test func linkedInAfterItsNotes() throws {
        let file = try readFile(
            csv(
                "Notes:",
                "\"When exporting your connection data, you may notice that some of the email addresses are missing. "
                    + "You will only see email addresses for connections who have allowed their connections to see or "
                    + "download their email address using this setting https://www.linkedin.com/psettings/privacy/email."
                    + " You can learn more about this setting here: https://www.linkedin.com/help/linkedin/answer/261\"",
                "",
                "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
                "Nadia,Haddad-Ferreira,https://www.linkedin.com/in/nadia-hf,nadia.hf@orbitalsys.example,"
                    + "Orbital Systems,Staff Engineer,14 Mar 2024",
                "Ola,Nordmann,https://www.linkedin.com/in/ola,,,,02 Jan 2023"))
        #expect(file.dialect.layout == .linkedIn)
        #expect(file.dialect.rowsBeforeHeader == 2 && file.dialect.headerLine == 4)
        #expect(file.rows.first.map { if case .card(let line, _) = $0 { line == 5 } else { false } } == true)
        let nadia = file.cards[0]
        #expect(
            [nadia.firstName, nadia.lastName, nadia.company, nadia.title] == [
                "Nadia", "Haddad-Ferreira", "Orbital Systems", "Staff Engineer",
            ])
        #expect(nadia.emails == [.init("nadia.hf@orbitalsys.example")])
        #expect(nadia.urls == [.init("https://www.linkedin.com/in/nadia-hf", label: "LinkedIn")])
        #expect(nadia.other == [.init(name: "Connected On", value: "14 Mar 2024")])
        #expect(file.cards.count == 2)
    }

    @Test func rosterOwnExportAndItsAliases() throws {
        let own = try readFile(
            csv(
                "first_name,last_name,email,phone,company,city,notes,favorite",
                "Ann,\"Lee, Jr.\",a@x.io,1,\"Acme \"\"Labs\"\"\",Oslo,\"two\nlines\",true"))
        #expect(own.dialect.layout == .roster)
        let ann = try #require(own.cards.first)
        #expect([ann.firstName, ann.lastName, ann.company] == ["Ann", "Lee, Jr.", "Acme \"Labs\""])
        #expect(ann.emails == [.init("a@x.io")] && ann.phones == [.init("1")])
        #expect(ann.addresses == [.init(city: "Oslo")] && ann.notes == "two\nlines" && ann.favorite)
        let aliases = try readFile(
            csv(
                "\u{FEFF}Given Name,Surname,E-mail,Mobile,Organisation,Town,Comments,Starred",
                "Zoë,Ångström,q@x.io,3,,Umeå,,yes"))
        let zoe = try #require(aliases.cards.first)
        #expect([zoe.firstName, zoe.lastName] == ["Zoë", "Ångström"])
        #expect(zoe.emails == [.init("q@x.io")] && zoe.phones == [.init("3", label: "mobile")])
        #expect(zoe.addresses == [.init(city: "Umeå")] && zoe.favorite)
    }

    @Test func aBareNameColumnIsSplitAsAPersonWould() throws {
        let file = try readFile(
            csv(
                "Name,Email,Phone", "Georgios Papadakis-Noor,georgios.pn@aegean.example,+30 21 0555 0133",
                "\"van der Berg, Jan\",jan@example.nl,", "Dr. Ana María de la Cruz Jr.,,+34 600 000 000",
                ",info@acme.example,"))
        #expect(file.dialect.layout == .generic)
        let names = file.cards.map { [$0.prefix, $0.firstName, $0.middleName, $0.lastName, $0.suffix] }
        #expect(
            names == [
                ["", "Georgios", "", "Papadakis-Noor", ""], ["", "Jan", "", "van der Berg", ""],
                ["Dr.", "Ana", "María", "de la Cruz", "Jr."], ["", "", "", "", ""],
            ])
        #expect(file.cards[3].emails == [.init("info@acme.example")], "an e-mail alone is a contact")
        #expect(file.cards.allSatisfy { $0.other.isEmpty })
    }
}

/// Splits a header line the way the tests write them (for building rows by name).
enum CSVDialectTestHeader {
    static func split(_ line: String) throws -> [String] {
        var reader = CSVReader()
        var fields: [String] = []
        Array(line.utf8).withUnsafeBytes { reader.feed($0) { if case .record(_, let f) = $0 { fields = f } } }
        reader.finish { if case .record(_, let f) = $0 { fields = f } }
        return fields
    }
}

/// Roster's own export read back into the cards it was written from.
struct RosterExportCardTests {
    @Test func anExportReadsBackAsTheSameCards() throws {
        var card = ContactCard()
        card.firstName = "=HYPERLINK(\"x\")"
        card.lastName = "+Plus"
        card.company = "@SUM(A1)"
        card.prefix = "Dr."
        card.emails = [.init("a@x.io", label: "work"), .init("b@x.io", label: "home")]
        card.phones = [.init("+1 555 0100", label: "mobile")]
        card.addresses = [.init(label: "work", street: "1 Main St", city: "Oslo")]
        card.birthday = "--03-07"
        card.categories = ["Friends"]
        card.other = [.init(name: "X-SKYPE", value: "ann.lee")]
        var plain = ContactCard()
        plain.lastName = "Lee"
        var writer = CSVWriter()
        writer.write(ContactFields.csvHeader)
        for each in [card, plain] {
            let (fields, details) = each.split()
            var record = fields.csvRecord
            record[ContactField.details.rawValue] = details.isEmpty ? "" : details.json
            writer.write(record)
        }
        let file = try readFile(writer.take())
        #expect(file.dialect.layout == .roster)
        #expect(file.cards == [card, plain])
    }
}
