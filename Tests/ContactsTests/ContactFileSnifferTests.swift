import Testing

@testable import Contacts

/// Encodings, delimiters, preambles and files that are no CSV, as the sniffer
/// tells them and the card reader reads them.
struct ContactFileSnifferTests {
    static let header = "First Name\tLast Name\tE-mail Address\tMobile Phone\tCompany\tCity"
    static let row =
        "Olumide\tAdeyemi-Clarke\tolumide@lagosprint.example\t+234 803 555 0117\tLagos Print Co\tLagos"

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += bigEndian ? pair.reversed() : pair
        }
        return bytes
    }

    @Test(arguments: [false, true]) func excelUnicodeTextIsUTF16WithTabs(bigEndian: Bool) throws {
        let file = try readFile(
            Self.utf16(csv(Self.header, Self.row, "Zoë\t😀 Smile\t\t\t\t"), bigEndian: bigEndian))
        #expect(file.dialect.encoding == (bigEndian ? .utf16BigEndian : .utf16LittleEndian))
        #expect(file.dialect.delimiter == 0x09)
        let card = try #require(file.cards.first)
        #expect(
            [card.firstName, card.lastName, card.company] == ["Olumide", "Adeyemi-Clarke", "Lagos Print Co"])
        #expect(card.phones == [.init("+234 803 555 0117", label: "mobile")])
        #expect(card.addresses.first?.city == "Lagos")
        #expect(file.cards[1].lastName == "😀 Smile", "a surrogate pair split anywhere comes out whole")
    }

    @Test func excelSemicolonWithGermanHeadersAndABOM() throws {
        let text =
            "\u{FEFF}Vorname;Nachname;E-Mail-Adresse;Mobiltelefon;Firma;Ort\r\n"
            + "Jürgen;Großmann;j.grossmann@werkstatt.example;+49 151 5550 1234;Großmann Werkstatt;München\r\n"
        let file = try readFile(text)
        #expect(file.dialect.encoding == .utf8WithBOM && file.dialect.delimiter == 0x3B)
        let card = try #require(file.cards.first)
        #expect(
            [card.firstName, card.lastName, card.company] == ["Jürgen", "Großmann", "Großmann Werkstatt"])
        #expect(
            card.emails.first?.value == "j.grossmann@werkstatt.example"
                && card.addresses.first?.city == "München")
    }

    @Test func excelSepLineNamesTheDelimiter() throws {
        let file = try readFile(csv("sep=;", "Name;Notes", "Ann Lee;a, b, c"))
        #expect(
            file.dialect.delimiter == 0x3B && file.dialect.rowsBeforeHeader == 1
                && file.dialect.headerLine == 2)
        #expect(file.cards.map(\.notes) == ["a, b, c"])
    }

    @Test func theDelimiterIsTheOneThatSplitsTheHeaderAndRowsAlike() throws {
        let comma = try readFile(csv("Name,Notes", "Ann Lee,\"a; b; c\"", "Bo Ek,x;y"))
        #expect(comma.dialect.delimiter == 0x2C && comma.cards.map(\.notes) == ["a; b; c", "x;y"])
        let semicolon = try readFile(csv("Name;Notes;City", "Lee, Ann;a, b;Oslo"))
        #expect(semicolon.dialect.delimiter == 0x3B && semicolon.cards.first?.lastName == "Lee")
        let tab = try readFile(csv("Name\tE-mail", "Ann, Lee\tann@x.io"))
        #expect(tab.dialect.delimiter == 0x09 && tab.cards.first?.emails == [.init("ann@x.io")])
    }

    @Test func windows1252IsReadAsAWhole() throws {
        // "Renée,Castañeda-Ibáñez,...,Málaga" and "François,Lefèvre,...,Besançon" as Windows-1252 writes them.
        let bytes: [UInt8] =
            Array("First Name,Last Name,Email,City\r\nRen".utf8) + [0xE9] + Array("e,Casta".utf8) + [0xF1]
            + Array("eda-Ib".utf8) + [0xE1, 0xF1] + Array("ez,renee.ci@correo.example,M".utf8) + [0xE1]
            + Array("laga\r\nFran".utf8) + [0xE7] + Array("ois,Lef".utf8) + [0xE8]
            + Array("vre,f.lefevre@exemple.example,Besan".utf8) + [0xE7] + Array("on".utf8) + [
                0x20, 0x80, 0x0D, 0x0A,
            ]
        let file = try readFile(bytes)
        #expect(file.dialect.encoding == .windows1252)
        #expect(file.cards.map(\.firstName) == ["Renée", "François"])
        #expect(file.cards.map(\.lastName) == ["Castañeda-Ibáñez", "Lefèvre"])
        #expect(file.cards.map { $0.addresses.first?.city } == ["Málaga", "Besançon €"])
    }

    @Test func aWindows1252ByteAfter64KBOfASCIIMakesTheWholeFile1252() throws {
        var text = "Name,Notes\r\n"
        while text.utf8.count < ContactFileSniffer.prefixLength + 100 {
            text += "Ann Lee,plain ascii notes\r\n"
        }
        let bytes =
            Array(text.utf8) + Array("Fran".utf8) + [0xE7] + Array("ois Lef".utf8) + [0xE8]
            + Array("vre,x\r\n".utf8)
        #expect(
            ContactFileSniffer.encoding(
                of: Array(bytes.prefix(ContactFileSniffer.prefixLength)), whole: false) == .ascii)
        let file = try readFile(bytes)
        #expect(file.dialect.encoding == .ascii && file.encoding == .windows1252)
        #expect(file.cards.last.map { [$0.firstName, $0.lastName] } == ["François", "Lefèvre"])
        #expect(file.errors == [])
        let utf8 = try readFile(Array(text.utf8) + Array("François Lefèvre,x\r\n".utf8))
        #expect(utf8.encoding == .utf8 && utf8.cards.last?.lastName == "Lefèvre")
    }

    @Test func anInvalidSequenceAfterUTF8TextIsThatRowsError() throws {
        var text = "Name,City\r\nZoë Ek,Umeå\r\n"
        while text.utf8.count < ContactFileSniffer.prefixLength + 100 { text += "Ann Lee,Oslo\r\n" }
        let lines = text.split(separator: "\r\n").count
        let bytes = Array(text.utf8) + Array("Bad ".utf8) + [0xE9] + Array("ric,X\r\nBo Ek,Y\r\n".utf8)
        let file = try readFile(bytes)
        #expect(file.dialect.encoding == .utf8 && file.encoding == .utf8)
        #expect(file.cards.first?.addresses.first?.city == "Umeå" && file.cards.last?.lastName == "Ek")
        #expect(
            file.errors.map(\.line) == [lines + 1] && file.errors.first?.problem.contains("UTF-8") == true)
        let early = try readFile(
            Array("Name,City\r\nZoë Ek,Umeå\r\nBad ".utf8) + [0xE9] + Array("ric,X\r\n".utf8))
        #expect(early.dialect.encoding == .windows1252, "in the sniffed part: the whole file is Windows-1252")
        #expect(early.cards.first?.lastName == "Ek")
    }

    @Test func aUTF8SequenceCutByThePrefixIsStillUTF8() {
        let bytes = Array("Name\r\nZoë".utf8)
        #expect(ContactFileSniffer.encoding(of: Array(bytes.dropLast()), whole: false) == .utf8)
        #expect(ContactFileSniffer.encoding(of: Array(bytes.dropLast()), whole: true) == .windows1252)
    }

    @Test func filesThatAreNoCSVAreRefusedWithTheFix() {
        func cause(_ bytes: [UInt8]) -> ContactFileRefusal.Cause? {
            if case .refused(let refusal) = sniff(bytes) { refusal.cause } else { nil }
        }
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0]
        #expect(cause(zip + Array("[Content_Types].xml....xl/workbook.xml".utf8)) == .spreadsheet("xlsx"))
        #expect(
            cause(zip + Array("mimetypeapplication/vnd.oasis.opendocument.spreadsheet".utf8))
                == .spreadsheet("ods"))
        #expect(cause(zip + Array("Index/Document.iwa".utf8)) == .spreadsheet("numbers"))
        #expect(cause(zip + Array("contacts.csv".utf8)) == .archive)
        #expect(cause([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0]) == .spreadsheet("xls"))
        #expect(cause(Array("%PDF-1.7\n%....".utf8)) == .pdf)
        #expect(cause([0x1F, 0x8B, 8, 0]) == .archive)
        #expect(
            cause([]) == .empty && cause(Array(" \r\n\r\n".utf8)) == .empty
                && cause([0xEF, 0xBB, 0xBF]) == .empty)
        #expect(cause([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]) == .notText)
        #expect(cause(Array("<!DOCTYPE html><html>".utf8)) == .notText)
        #expect(cause(Array("hello world\r\nthis is text\r\n".utf8)) == .noHeader)
        #expect(cause(Array("Gender,Mileage\r\nf,12\r\n".utf8)) == .noHeader)
        #expect(cause(Array("Notes,City,Gender\r\nhi,Oslo,f\r\n".utf8)) == .noNameColumn)
        if case .refused(let refusal) = sniff(zip + Array("xl/workbook.xml".utf8)) {
            #expect(refusal.message.contains(".xlsx") && refusal.message.contains("CSV UTF-8"))
        }
    }

    @Test func aVCardSentAsCSVGoesToTheVCardReader() {
        #expect(sniff("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD\r\n") == .vcard(.ascii))
        #expect(
            sniff("\u{FEFF}\r\nbegin:vcard\r\nVERSION:4.0\r\nFN:Zoë\r\nEND:VCARD\r\n") == .vcard(.utf8WithBOM)
        )
        #expect(
            sniff(Self.utf16("BEGIN:VCARD\r\nEND:VCARD\r\n", bigEndian: false)) == .vcard(.utf16LittleEndian))
    }

    @Test func rowsAreCheckedAgainstTheHeader() throws {
        let file = try readFile(
            csv(
                "Name,E-mail,Notes", "Ann Lee,a@x.io", "Bo Ek,b@x.io,n,extra", "Cy Ma,c@x.io,,  ", ",,",
                ",,just a note"))
        #expect(
            file.cards.map(\.lastName) == ["Lee", "Ma"],
            "fewer fields are empty ones; empty extra ones are nothing")
        #expect(file.errors.map(\.line) == [3, 6])
        #expect(file.errors.first?.problem == "the row has 4 fields; the header has 3")
        #expect(file.errors.last?.problem.contains("no name, company, e-mail or phone") == true)
    }
}

/// The import dialog's preview of a file.
struct ContactFilePreviewTests {
    @Test func thePreviewNamesTheFileItsColumnsAndFirstRows() throws {
        let text = csv(
            "Vorname;Nachname;E-Mail-Adresse;Mobiltelefon;Firma;Ort;Hobby",
            "Jürgen;Großmann;j@w.example;+49 1;W;München;Rad",
            "Eva;Ek;e@w.example;;;;", ";;;;;;nur Hobby")
        let bytes = Array(text.utf8)
        guard case .csv(let dialect) = sniff(bytes) else {
            Issue.record("not CSV")
            return
        }
        let preview = ContactFilePreview(dialect: dialect, prefix: bytes, isWholeFile: true, rowLimit: 3)
        #expect(
            [preview.layout, preview.encoding, preview.delimiter] == [
                "Outlook (German)", "UTF-8", "semicolon",
            ])
        #expect(
            preview.summary == [
                "Outlook (German), UTF-8, semicolon delimited, header on line 1", "Vorname: first name",
                "Nachname: last name", "E-Mail-Adresse: e-mail 1", "Mobiltelefon: phone (mobile)",
                "Firma: company",
                "Ort: address: city", "Hobby: kept as extra",
            ])
        #expect(preview.columns.filter(\.keptAsExtra).map(\.header) == ["Hobby"])
        #expect(preview.rows.count == 3)
        guard case .card(_, let first) = preview.rows[0], case .error(let error) = preview.rows[2] else {
            Issue.record("rows: \(preview.rows)")
            return
        }
        #expect(first.other == [.init(name: "Hobby", value: "Rad")])
        #expect(error.line == 4)
    }
}

/// The CSV reader's delimiter, and nothing lost between a file's cells and its cards.
struct CSVDelimiterAndKeepingTests {
    @Test(arguments: [UInt8(0x3B), 0x09]) func theReaderSplitsAtItsDelimiter(delimiter: UInt8) {
        let d = String(Character(Unicode.Scalar(delimiter)))
        let text = "a\(d)\"b\(d)c\"\(d)d,e\r\n\(d)\(d)\r\n"
        var reader = CSVReader(delimiter: delimiter)
        var rows: [[String]] = []
        Array(text.utf8).withUnsafeBytes {
            reader.feed($0) { if case .record(_, let f) = $0 { rows.append(f) } }
        }
        reader.finish { if case .record(_, let f) = $0 { rows.append(f) } }
        #expect(rows == [["a", "b\(d)c", "d,e"], ["", "", ""]])
    }

    @Test func everyCellIsKeptSomewhere() throws {
        let header = try CSVDialectTestHeader.split(CSVLayoutTests.outlookHeader)
        var values: [String: String] = [:]
        for (index, name) in header.enumerated() where !name.hasSuffix("Address") {
            values[name] =
                name.contains("Phone") || name.contains("Fax") ? "+1 555 \(index)" : "value \(index)"
        }
        values["Birthday"] = "12/24/1990"
        values["Categories"] = "a;b"
        let file = try readFile(csv(CSVLayoutTests.outlookHeader, CSVLayoutTests.outlookRow(values)))
        let card = try #require(file.cards.first)
        // Streets 1 to 3 are lines of one street.
        let kept = texts(card).flatMap { $0.split(separator: "\n").map(String.init) }
        let lost = values.filter { name, value in
            !kept.contains(value) && !["Birthday", "Categories"].contains(name)
        }
        #expect(lost.isEmpty, "lost: \(lost)")
        #expect(card.birthday == "1990-12-24" && card.categories == ["a", "b"])
    }
}
