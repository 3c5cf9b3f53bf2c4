import Testing

@testable import Contacts

/// Rows read from `text` fed whole; checked against byte-by-byte and every
/// two-piece split, which must give the same rows.
func readCSV(_ text: String, expectedFields: Int? = nil, maxField: Int = 4096, maxRow: Int = 65536)
    -> [CSVReader.Row]
{
    readCSV(Array(text.utf8), expectedFields: expectedFields, maxField: maxField, maxRow: maxRow)
}

func readCSV(_ bytes: [UInt8], expectedFields: Int? = nil, maxField: Int = 4096, maxRow: Int = 65536)
    -> [CSVReader.Row]
{
    func run(_ cuts: [Int]) -> [CSVReader.Row] {
        var reader = CSVReader(maxField: maxField, maxRow: maxRow, expectedFields: expectedFields)
        var rows: [CSVReader.Row] = []
        var start = 0
        for cut in cuts + [bytes.count] where cut >= start {
            bytes[start..<cut].withUnsafeBytes { reader.feed($0) { rows.append($0) } }
            start = cut
        }
        reader.finish { rows.append($0) }
        return rows
    }
    let whole = run([])
    precondition(run(Array(0..<bytes.count)) == whole, "byte by byte differs for \(bytes)")
    if bytes.count < 400 {
        for cut in 0...bytes.count {
            precondition(run([cut]) == whole, "split at \(cut) differs")
        }
    }
    return whole
}

func records(_ rows: [CSVReader.Row]) -> [[String]] {
    rows.compactMap { if case .record(_, let fields) = $0 { fields } else { nil } }
}

func errors(_ rows: [CSVReader.Row]) -> [CSVError] {
    rows.compactMap { if case .error(let error) = $0 { error } else { nil } }
}

struct CSVReaderTests {
    @Test func plainRowsWithEveryLineEnd() {
        #expect(records(readCSV("a,b\r\nc,d\r\n")) == [["a", "b"], ["c", "d"]])
        #expect(records(readCSV("a,b\nc,d\n")) == [["a", "b"], ["c", "d"]])
        #expect(records(readCSV("a,b\rc,d\r")) == [["a", "b"], ["c", "d"]])
        #expect(records(readCSV("a,b\r\nc,d")) == [["a", "b"], ["c", "d"]], "no final line end")
        #expect(
            records(readCSV("a,b\n\r\n\nc,d\n")) == [["a", "b"], ["c", "d"]], "blank lines are skipped")
    }

    @Test func quotedFieldsWithQuotesCommasAndLineBreaks() {
        let rows = readCSV("\"Lee, Jr.\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\nlf\"\r\nx,\"\",\"\"\"\"\n")
        #expect(records(rows) == [["Lee, Jr.", "say \"hi\"", "two\nlines", "cr\r\nlf"], ["x", "", "\""]])
        guard case .record(let line, _) = rows[1] else { return }
        #expect(line == 4, "two line breaks inside quotes: the second record starts on line 4")
    }

    @Test func emptyFieldsAndTrailingCommas() {
        #expect(records(readCSV(",,\na,,\n,b,\n")) == [["", "", ""], ["a", "", ""], ["", "b", ""]])
    }

    @Test func aByteOrderMarkIsSkipped() {
        #expect(
            records(readCSV("\u{FEFF}first_name,last_name\nAnn,Lee\n")) == [
                ["first_name", "last_name"], ["Ann", "Lee"],
            ])
        #expect(
            records(readCSV([0xEF, 0xBB] + Array("x\n".utf8))).isEmpty, "a broken BOM is data (and not UTF-8)"
        )
    }

    @Test func unicodeIsKept() {
        #expect(records(readCSV("Zoë,Ångström,小林,😀 𝔸\n")) == [["Zoë", "Ångström", "小林", "😀 𝔸"]])
    }

    @Test func aWrongFieldCountIsAnErrorNamingTheLine() {
        let rows = readCSV("a,b\nc\nd,e,f\ng,h\n", expectedFields: 2)
        #expect(records(rows) == [["a", "b"], ["g", "h"]])
        #expect(errors(rows).map(\.line) == [2, 3])
        #expect(errors(rows)[0].description.contains("the row has 1 field; the header has 2"))
    }

    @Test func anUnterminatedQuoteIsReportedAtTheEnd() {
        let rows = readCSV("a,b\nc,\"d\ne,f\n")
        #expect(records(rows) == [["a", "b"]])
        #expect(errors(rows) == [CSVError(line: 2, column: 3, problem: "a quoted field is never closed")])
    }

    @Test func strayQuotesAreRowErrorsAndReadingGoesOn() {
        let rows = readCSV("ab\"c,d\n\"x\"y,z\nok,1\n")
        #expect(records(rows) == [["ok", "1"]])
        #expect(errors(rows).map(\.line) == [1, 2])
        #expect(errors(rows)[0].column == 3)
    }

    @Test func invalidUTF8IsAnErrorWithItsColumn() {
        let rows = readCSV(Array("a,".utf8) + [0xFF, 0xFE] + Array(",c\nd,e,f\n".utf8))
        #expect(records(rows) == [["d", "e", "f"]])
        #expect(errors(rows) == [CSVError(line: 1, column: 3, problem: "the text is not valid UTF-8")])
    }

    @Test func oversizedFieldsAndRowsAreErrorsNotTruncations() {
        let long = String(repeating: "x", count: 50)
        let rows = readCSV("a,\(long)\nb,c\n\"\(long)\",d\n", maxField: 40, maxRow: 1000)
        #expect(records(rows) == [["b", "c"]])
        #expect(errors(rows).map(\.line) == [1, 3])
        let wide = (0..<30).map { _ in "abcdef" }.joined(separator: ",")
        let rowErrors = errors(readCSV("\(wide)\nok\n", maxRow: 100))
        #expect(rowErrors.count == 1 && rowErrors[0].problem.contains("longer than 100 bytes"))
    }

    /// A line feed inside quotes that takes a field over the limit was reported
    /// in column 0 (found by fuzzing); it is in the column it stands in.
    @Test func aLineFeedOverTheFieldLimitHasItsOwnColumn() {
        let rows = readCSV("a,b\r\n\"0123456789AB\nC\",d\r\n\"0123456789ABC\",d\r\n", maxField: 12)
        #expect(records(rows) == [["a", "b"]])
        #expect(errors(rows).map(\.line) == [2, 4])
        #expect(errors(rows).map(\.column) == [14, 14])
    }

    /// A row of exactly `maxRow` bytes was refused when a line end followed it and
    /// read when it ended the input (found by fuzzing): the line end is not
    /// part of the row.
    @Test func aRowFitsTheLimitWithOrWithoutALineEnd() {
        let row = "abc,\"d\r\ne\",fghij"
        #expect(row.utf8.count == 16)
        for end in ["", "\n", "\r", "\r\n"] {
            #expect(records(readCSV(row + end, maxRow: 16)).count == 1, "\(end.debugDescription)")
            #expect(errors(readCSV(row + "k" + end, maxRow: 16)).count == 1, "\(end.debugDescription)")
        }
        #expect(records(readCSV(row + "\r\n" + row + "\n" + row + "\r" + row, maxRow: 16)).count == 4)
    }

    @Test func seededRandomTablesRoundTripThroughTheWriter() {
        var random = SeededRandom(seed: 77)
        let alphabet = Array("ab ,\"\n\r\té😀<&>'".map(String.init))
        for _ in 0..<60 {
            let width = 1 + random.below(5)
            var table: [[String]] = []
            for _ in 0..<(1 + random.below(6)) {
                table.append(
                    (0..<width).map { _ in
                        (0..<random.below(6)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
                    })
            }
            var writer = CSVWriter()
            for row in table { writer.write(row) }
            #expect(records(readCSV(writer.bytes, expectedFields: width)) == table)
        }
    }
}
