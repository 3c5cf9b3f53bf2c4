/// The header names contact exporters write, and the `CardColumn` each fills:
/// Google Contacts (current: "E-mail 1 - Label"/"- Value", "Phone N - ...",
/// "Address N - Street/City/PO Box/Region/Postal Code/Country/Extended
/// Address/Formatted", "Website N - ...", "Organization Name/Title/Department";
/// legacy: "Given Name", "Family Name", "E-mail 1 - Type", "Organization 1 -
/// Name"...), Outlook in English, German and French ("E-mail 2 Address",
/// "Business Phone", "Home City"; "Telefon geschäftlich", "Ort privat"; "Tél.
/// mobile", "Ville (bureau)"...), Thunderbird ("Primary Email", "Work City",
/// "Birth Year"...), LinkedIn ("URL", "Position", "Connected On"), Roster's own
/// columns with their aliases (`ContactField`), and the plain names people give
/// columns ("Email", "Mobile", "City", "Name"). The names' readings: Google's "Phonetic
/// First/Last Name", legacy Google's "Given/Family Name Yomi", Outlook's "Given/Surname
/// Yomi" (a middle name's reading, and legacy Google's whole "Yomi Name", are kept as extra).
///
/// Names match as `key` folds them: case, accents and everything but letters
/// and digits ignored ("E-Mail-Adresse" is "emailadresse", "Ville (bureau)"
/// "villebureau"). A header nobody writes is `.extra`.
enum HeaderVocabulary {
    /// `header` folded for matching: lower case, accents removed, only letters and digits.
    static func key(_ header: String) -> String {
        let folded = String(decoding: NameFolding.fold(header), as: UTF8.self)
        return String(
            String.UnicodeScalarView(
                folded.unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }

    /// What `header` fills in a file of `layout`.
    static func column(_ header: String, layout: CSVLayout) -> CardColumn {
        let key = key(header)
        // "Birth Day" folds as "Birthday" does: Thunderbird's day of the month.
        if key == "birthday" && header.contains(" ") { return .birthDay }
        switch (layout, key) {
        case (.outlook, "title"), (.outlookFrench, "titre"): return .prefix
        case (.thunderbird, "homeaddress"): return .address(group: "home", label: "home", part: .street)
        case (.linkedIn, "url"): return .labeled(.url, group: "linkedin", label: "LinkedIn", part: .value)
        default: break
        }
        return table[key] ?? numbered(header) ?? .extra
    }

    /// Whether `header` names a column this vocabulary knows (a header line's test).
    static func knows(_ header: String) -> Bool {
        let key = key(header)
        return table[key] != nil || numbered(header) != nil
    }

    // MARK: - Google's numbered columns

    /// "E-mail 2 - Value", "Phone 1 - Label", "Address 1 - City", "Website 1 -
    /// Type", "Organization 1 - Name": Google's numbered columns (both layouts).
    static func numbered(_ header: String) -> CardColumn? {
        let parts = header.split(separator: " - ", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let space = parts[0].lastIndex(of: " ") else { return nil }
        let number = parts[0][parts[0].index(after: space)...].trimmingPrefix(" ")
        guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit) else { return nil }
        let kind = key(String(parts[0][..<space]))
        let part = key(String(parts[1]))
        let group = String(number)
        let labeled: CardColumn.LabeledPart? =
            switch part {
            case "value": .value
            case "label", "type": .label
            default: nil
            }
        switch kind {
        case "email": return labeled.map { .labeled(.email, group: group, label: "", part: $0) }
        case "phone": return labeled.map { .labeled(.phone, group: group, label: "", part: $0) }
        case "website": return labeled.map { .labeled(.url, group: group, label: "", part: $0) }
        case "address": return addressParts[part].map { .address(group: group, label: "", part: $0) }
        case "organization" where group == "1":
            switch part {
            case "name": return .company
            case "title": return .title
            case "department": return .department
            default: return nil
            }
        default: return nil
        }
    }

    private static let addressParts: [String: CardColumn.AddressPart] = [
        "label": .label, "type": .label, "formatted": .formatted, "street": .street,
        ContactField.city.name: .city,
        "pobox": .poBox, "region": .region, "postalcode": .postcode, "country": .country,
        "extendedaddress": .extended,
    ]

    // MARK: - Fixed names

    /// Every fixed header name, by key.
    static let table: [String: CardColumn] = {
        var table: [String: CardColumn] = [:]
        func add(_ column: CardColumn, _ names: [String]) {
            for name in names where table[key(name)] == nil { table[key(name)] = column }
        }
        add(.prefix, ["Name Prefix", "Prefix", "Anrede", "Salutation", "Civilité"])
        add(.firstName, ["First Name", "Vorname", "Prénom", "Given Name"])
        add(.middleName, ["Middle Name", "Additional Name", "Weitere Vornamen", "Deuxième prénom"])
        add(.lastName, ["Last Name", "Nachname", "Nom", "Nom de famille", "Family Name"])
        add(.suffix, ["Name Suffix", "Suffix", "Suffixe"])
        add(.nickname, ["Nickname", "Spitzname", "Surnom"])
        add(.phoneticFirstName, ["Phonetic First Name", "Given Name Yomi", "Given Yomi", "First Name Yomi"])
        add(.phoneticLastName, ["Phonetic Last Name", "Family Name Yomi", "Surname Yomi", "Last Name Yomi"])
        add(.fullName, ["Name", "Full Name", "Display Name", "Nom complet", "Anzeigename"])
        add(.company, ["Company", "Organization Name", "Firma", "Société", "Company Name", "Employer"])
        add(.department, ["Department", "Organization Department", "Abteilung", "Service"])
        add(.title, ["Job Title", "Organization Title", "Position", "Fonction", "Title", "Role"])
        add(.notes, ["Notes", "Notizen", "Remarques", "Bemerkungen"])
        add(
            .birthday, ["Birthday", "Geburtstag", "Anniversaire", "Date of Birth", "Birthdate", "Birth Date"])
        add(.birthYear, ["Birth Year"])
        add(.birthMonth, ["Birth Month"])
        add(.birthDay, ["Birth Day"])
        add(
            .categories,
            ["Labels", "Group Membership", "Categories", "Kategorien", "Catégories", "Groups", "Tags"])
        add(.uid, ["UID"])
        add(.photo, ["Photo", "Picture"])
        addLabeled(add)
        addAddresses(add)
        // Roster's own columns and their aliases, for what the names above do not cover.
        for field in ContactField.allCases {
            let column: CardColumn =
                switch field {
                case .firstName: .firstName
                case .lastName: .lastName
                case .email: .labeled(.email, group: "1", label: "", part: .value)
                case .phone: .labeled(.phone, group: "phone", label: "", part: .value)
                case .company: .company
                case .city: .address(group: "address", label: "", part: .city)
                case .notes: .notes
                case .favorite: .favorite
                case .details: .details
                case .labels: .categories
                case .photo: .photo
                }
            add(column, [field.name] + field.spec.aliases)
        }
        return table
    }()

    private static func addLabeled(_ add: (CardColumn, [String]) -> Void) {
        func email(_ group: String, _ label: String, _ names: [String]) {
            add(.labeled(.email, group: group, label: label, part: .value), names)
        }
        email("1", "", ["E-mail Address", "Email", "E-mail", "Email Address", "Primary Email"])
        email("1", "", ["E-Mail-Adresse", "Adresse de messagerie", "Mail"])
        email(
            "2", "", ["E-mail 2 Address", "E-Mail 2: Adresse", "Adresse de messagerie 2", "Secondary Email"])
        email("3", "", ["E-mail 3 Address", "E-Mail 3: Adresse", "Adresse de messagerie 3"])
        email("work", "work", ["Work Email", "Business Email"])
        email("home", "home", ["Home Email", "Personal Email"])
        // Each phone column is a value of its own, labelled by what it names.
        let phones: [(String, [String])] = [
            ("", ["Phone", "Telephone", "Tel", "Phone Number", "Telefon", "Téléphone"]),
            ("main", ["Primary Phone", "Haupttelefon", "Téléphone principal"]),
            ("main", ["Company Main Phone", "Telefon Firma", "Téléphone société"]),
            ("mobile", ["Mobile Phone", "Mobile", "Mobile Number", "Cell", "Cell Phone", "Mobiltelefon"]),
            ("mobile", ["Tél. mobile", "Handy", "Portable", "Téléphone mobile"]),
            ("mobile", ["Mobile Phone 2", "Mobiltelefon 2"]),
            ("work", ["Business Phone", "Work Phone", "Telefon geschäftlich", "Téléphone (bureau)"]),
            ("work", ["Business Phone 2", "Telefon geschäftlich 2", "Téléphone 2 (bureau)"]),
            ("home", ["Home Phone", "Telefon privat", "Telefon (privat)", "Téléphone (domicile)"]),
            ("home", ["Home Phone 2", "Telefon privat 2", "Telefon (privat 2)", "Téléphone 2 (domicile)"]),
            ("other", ["Other Phone", "Weiteres Telefon", "Téléphone (autre)"]),
            ("fax", ["Fax", "Fax Number", "Business Fax", "Fax geschäftlich", "Télécopie (bureau)"]),
            ("fax", ["Home Fax", "Fax privat", "Télécopie (domicile)"]),
            ("fax", ["Other Fax", "Weiteres Fax", "Télécopie (autre)"]),
            ("pager", ["Pager", "Pager Number", "Récepteur de radiomessagerie"]),
            ("assistant", ["Assistant's Phone", "Telefon Assistent", "Téléphone de l'assistant(e)"]),
            ("car", ["Car Phone", "Autotelefon", "Téléphone (voiture)"]),
            ("callback", ["Callback", "Rückmeldung", "Rappel"]),
            ("isdn", ["ISDN", "RNIS"]),
            ("radio", ["Radio Phone", "Funkruf", "Radio téléphone"]),
            ("tty", ["TTY/TDD Phone", "Telefon für Hörbehinderte", "Téléphone TDD/TTY"]),
            ("telex", ["Telex", "Télex"]),
        ]
        for (label, names) in phones {
            for name in names { add(.labeled(.phone, group: key(name), label: label, part: .value), [name]) }
        }
        let urls: [(String, String, [String])] = [
            ("1", "", ["Web Page", "Website", "URL", "Homepage", "Webseite", "Page Web", "Web Page 1"]),
            ("2", "", ["Web Page 2"]),
            ("home", "home", ["Personal Web Page", "Home Web Page"]),
            ("work", "work", ["Business Web Page", "Work Web Page"]),
        ]
        for (group, label, names) in urls {
            add(.labeled(.url, group: group, label: label, part: .value), names)
        }
    }

    private static func addAddresses(_ add: (CardColumn, [String]) -> Void) {
        func address(_ group: String, _ part: CardColumn.AddressPart, _ names: [String]) {
            add(.address(group: group, label: group == "address" ? "" : group, part: part), names)
        }
        // Outlook (English) and Thunderbird.
        for (word, group) in [("Business", "work"), ("Home", "home"), ("Other", "other"), ("Work", "work")] {
            address(group, .street, ["\(word) Street", "\(word) Street 2", "\(word) Street 3"])
            address(group, .street, ["\(word) Address 2", "\(word) Address 3"])
            address(group, .poBox, ["\(word) Address PO Box", "\(word) PO Box"])
            address(group, .city, ["\(word) City"])
            address(group, .region, ["\(word) State", "\(word) Region"])
            address(group, .postcode, ["\(word) Postal Code", "\(word) ZipCode", "\(word) Zip"])
            address(group, .country, ["\(word) Country", "\(word) Country/Region"])
            address(group, word == "Work" ? .street : .formatted, ["\(word) Address"])
        }
        // Outlook (German).
        for (word, group) in [("geschäftlich", "work"), ("privat", "home")] {
            address(group, .street, ["Straße \(word)", "Straße \(word) 2", "Straße \(word) 3"])
            address(group, .poBox, ["Postfach \(word)"])
            address(group, .city, ["Ort \(word)"])
            address(group, .postcode, ["Postleitzahl \(word)"])
            address(group, .country, ["Land/Region \(word)"])
        }
        address("work", .region, ["Region geschäftlich"])
        address("home", .region, ["Bundesland/Kanton privat"])
        address("other", .street, ["Weitere Straße", "Weitere Straße 2", "Weitere Straße 3"])
        address("other", .poBox, ["Weiteres Postfach"])
        address("other", .city, ["Weiterer Ort"])
        address("other", .region, ["Weiteres/r Bundesland/Kanton"])
        address("other", .postcode, ["Weitere Postleitzahl"])
        address("other", .country, ["Weiteres/e Land/Region"])
        address("other", .formatted, ["Weitere Adresse"])
        // Outlook (French).
        for (word, group) in [("bureau", "work"), ("domicile", "home"), ("autre", "other")] {
            address(group, .street, ["Rue (\(word))", "Rue (\(word)) 2", "Rue (\(word)) 3"])
            address(group, .city, ["Ville (\(word))"])
            address(group, .region, ["Dép/Région (\(word))", "Département (\(word))"])
            address(group, .postcode, ["Code postal (\(word))"])
            address(group, .country, ["Pays (\(word))", "Pays/Région (\(word))"])
        }
        address("work", .poBox, ["B.P. professionnelle"])
        address("home", .poBox, ["Boîte postale du domicile"])
        address("other", .poBox, ["Autre boîte postale"])
        // Plain names.
        address("address", .formatted, ["Address", "Adresse", "Anschrift"])
        address("address", .street, ["Street", "Straße", "Rue"])
        address("address", .poBox, ["PO Box", "Postfach"])
        address("address", .city, ["City", "Town", "Ort", "Stadt", "Ville"])
        address("address", .region, ["State", "Region", "Province", "Bundesland"])
        address("address", .postcode, ["Postal Code", "Postcode", "Zip", "Zip Code", "Postleitzahl", "PLZ"])
        address("address", .postcode, ["Code postal"])
        address("address", .country, ["Country", "Land", "Pays", "Country/Region"])
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
