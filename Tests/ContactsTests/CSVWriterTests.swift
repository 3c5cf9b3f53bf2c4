import Testing

@testable import Contacts

struct CSVWriterTests {
    @Test func plainFieldsAreJoinedAndSpecialOnesQuoted() {
        var writer = CSVWriter()
        writer.write(["a", "", "b c"])
        writer.write(["x,y", "say \"hi\"", "one\ntwo", "cr\rhere", "<&>'"])
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == "a,,b c\r\n\"x,y\",\"say \"\"hi\"\"\",\"one\ntwo\",\"cr\rhere\",<&>'\r\n")
    }

    /// Two records that did not read back (found by fuzzing): a lone empty field
    /// was written as a blank line, and a first field starting with U+FEFF was
    /// taken for a byte order mark. Quoting that field would lengthen the row, so
    /// a byte order mark goes first instead.
    @Test func recordsThatLookedLikeBlankLinesOrAMarkReadBack() {
        var writer = CSVWriter()
        writer.write(["\u{FEFF}a", "b"])
        writer.write([""])
        writer.write(["", ""])
        writer.write(["\u{FEFF}c\u{FEFF}"])
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == "\u{FEFF}\u{FEFF}a,b\r\n\"\"\r\n,\r\n\u{FEFF}c\u{FEFF}\r\n")
        #expect(
            records(readCSV(writer.bytes)) == [["\u{FEFF}a", "b"], [""], ["", ""], ["\u{FEFF}c\u{FEFF}"]])
        var streaming = CSVWriter()
        streaming.write(["x"])
        _ = streaming.take()
        streaming.write(["\u{FEFF}y"])
        #expect(streaming.bytes == Array("\u{FEFF}y\r\n".utf8), "only the output's start gets a mark")
    }

    @Test func takeHandsBackWhatWasWrittenAndStartsOver() {
        var writer = CSVWriter()
        writer.write(["é"])
        #expect(writer.take() == Array("é\r\n".utf8))
        #expect(writer.bytes.isEmpty)
    }

    @Test func syntheticCSVHasAHeaderAndOneRecordPerContact() {
        var bytes: [UInt8] = []
        SyntheticContacts(seed: 1).csv(count: 500, chunkSize: 1000) { bytes += $0 }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.hasPrefix("first_name,last_name,email,phone,company,city,notes,favorite,details,labels\r\n"))
        // Notes may hold bare LF inside quotes; records end with CRLF.
        #expect(text.components(separatedBy: "\r\n").count == 502)
    }
}

/// Formulas made plain text on export, and taken back by Roster's own import.
struct CSVFormulasTests {
    @Test(arguments: [
        "=HYPERLINK(\"https://x\",\"open\")", "+Plus", "-2+3", "@SUM(A1)", "\tx", "\rx", "'=a", "''", "'",
        "plain", "", "a=b", "'a",
    ])
    func aRiskyCellGetsAQuoteAndComesBackTheSame(text: String) {
        let written = CSVFormulas.neutralized(text)
        #expect(
            !["=", "+", "-", "@", "\t", "\r"].contains(written.first.map(String.init) ?? ""), "\(written)")
        #expect(CSVFormulas.restored(written) == text)
    }

    @Test func onlyRostersOwnHeaderTakesTheQuoteBack() throws {
        let own = try CSVColumns(header: ContactField.csvHeader)
        #expect(own.restoresFormulas)
        var record = ContactField.csvHeader.map { _ in "" }
        record[0] = "'=A1"
        #expect(own.contact(record).firstName == "=A1")
        let other = try CSVColumns(header: ["First Name", "Last Name"])
        #expect(!other.restoresFormulas && other.contact(["'=A1", "B"]).firstName == "'=A1")
    }
}
