import Codecs
import Testing

struct JSONReaderTests {
    private func read(_ text: String) throws(JSONError) -> JSONValue {
        try JSONReader.read(Array(text.utf8))
    }

    private func readBytes(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONReader.read(bytes)
    }

    /// The error reading `text` gives, or nil when it reads.
    private func failure(_ text: String) -> JSONError? {
        failure(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONReader.read(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func number(_ text: String, _ value: Double, integer: Bool) -> JSONValue {
        .number(JSONNumber(text: text, value: value, isInteger: integer))
    }

    // MARK: - Valid texts

    @Test func scalarsReadAtTheTopLevel() throws {
        #expect(try read("true") == .bool(true))
        #expect(try read(" false ") == .bool(false))
        #expect(try read("\t\r\nnull\n") == .null)
        #expect(try read("\"\"") == .string(""))
        #expect(try read("0") == number("0", 0, integer: true))
    }

    @Test func objectsKeepTheirMembersInTheOrderWritten() throws {
        let value = try read(#"{"b": 1, "a": [true, null], "c": {"d": "e"}, "": {}}"#)
        #expect(
            value
                == .object([
                    .init(key: "b", value: number("1", 1, integer: true)),
                    .init(key: "a", value: .array([.bool(true), .null])),
                    .init(key: "c", value: .object([.init(key: "d", value: .string("e"))])),
                    .init(key: "", value: .object([])),
                ]))
        #expect(value["a"] == .array([.bool(true), .null]))
        #expect(value["z"] == nil && JSONValue.null["a"] == nil)
        #expect(try read("[ ]") == .array([]) && read("{ }") == .object([]))
    }

    @Test(
        arguments: [
            ("0", 0.0, true), ("-0", -0.0, true), ("7", 7, true), ("-12", -12, true), ("0.5", 0.5, false),
            ("-0.0", -0.0, false), ("1e3", 1000, false), ("1E+3", 1000, false), ("2.5e-3", 0.0025, false),
            ("123456789012345678901234567890", 1.2345678901234568e29, true), ("1e-400", 0, false),
            ("1.7976931348623157e308", .greatestFiniteMagnitude, false),
        ] as [(String, Double, Bool)])
    func numbersKeepTheirTextTheirValueAndWhetherTheyWereIntegers(text: String, value: Double, integer: Bool)
        throws
    {
        guard case .number(let number) = try read(text) else {
            Issue.record("\(text) is not a number")
            return
        }
        #expect(number.text == text && number.value == value && number.isInteger == integer)
        #expect(number.value.sign == value.sign)
    }

    @Test func anIntegerGivesItsExactIntWhenItFits() throws {
        guard case .number(let big) = try read("9007199254740993"),
            case .number(let huge) = try read("99999999999999999999"),
            case .number(let half) = try read("1.5")
        else { return }
        #expect(big.intValue == 9_007_199_254_740_993, "beyond 2^53, exact from the text")
        #expect(huge.intValue == nil && half.intValue == nil)
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u00E9\u20AC""#, "Aéé€"),
        (#""\u0000x\u001F""#, "\u{0}x\u{1F}"),
        (#""\ud83d\ude00 \uD834\uDD1E""#, "😀 𝄞"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        ("\"é€😀 raw\"", "é€😀 raw"),
        ("\"\u{7F}\"", "\u{7F}"),
    ])
    func escapesAndRawUTF8Decode(text: String, expected: String) throws {
        guard case .string(let string) = try read(text) else {
            Issue.record("\(text) is not a string")
            return
        }
        #expect(Array(string.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test func textIsKeptAsWrittenNotNormalized() throws {
        // é precomposed and e + combining acute are different names and values.
        let value = try read("{\"\u{E9}\": 1, \"e\u{301}\": \"e\u{301}\"}")
        guard case .object(let members) = value else { return }
        #expect(members.count == 2)
        #expect(Array(members[0].key.unicodeScalars) == ["\u{E9}"])
        #expect(Array(members[1].key.unicodeScalars) == ["e", "\u{301}"])
        guard case .string(let text) = value["e\u{301}"] else { return }
        #expect(Array(text.unicodeScalars) == ["e", "\u{301}"])
    }

    @Test func nestingUpToTheLimitReads() throws {
        let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try read(deep) }
        let objects = String(repeating: #"{"a":"#, count: 63) + "[]" + String(repeating: "}", count: 63)
        #expect(throws: Never.self) { try read(objects) }
        #expect(throws: Never.self) { try JSONReader.read(Array("[[[1]]]".utf8), maxDepth: 3) }
    }

    // MARK: - Invalid texts: what and where

    @Test(
        arguments: [
            ("", JSONError.Reason.empty, 0),
            ("  \n", .empty, 3),
            ("[1,]", .trailingComma, 2),
            ("{\"a\":1 , }", .trailingComma, 7),
            ("[,1]", .unexpectedByte(UInt8(ascii: ","), expected: "a value"), 1),
            ("[1 2]", .unexpectedByte(UInt8(ascii: "2"), expected: "',' or ']'"), 3),
            ("{\"a\" 1}", .unexpectedByte(UInt8(ascii: "1"), expected: "':' after the member name"), 5),
            ("{'a': 1}", .unexpectedByte(UInt8(ascii: "'"), expected: "a member name in double quotes"), 1),
            ("{a: 1}", .unexpectedByte(UInt8(ascii: "a"), expected: "a member name in double quotes"), 1),
            ("['a']", .unexpectedByte(UInt8(ascii: "'"), expected: "a value"), 1),
            ("[1] // note", .trailingContent, 4),
            ("/* c */ 1", .unexpectedByte(UInt8(ascii: "/"), expected: "a value"), 0),
            ("[1 /* c */]", .unexpectedByte(UInt8(ascii: "/"), expected: "',' or ']'"), 3),
            ("01", .leadingZero, 0),
            ("-012", .leadingZero, 0),
            ("1.", .unexpectedEnd(expected: "a digit after '.'"), 2),
            (".5", .unexpectedByte(UInt8(ascii: "."), expected: "a value"), 0),
            ("+1", .unexpectedByte(UInt8(ascii: "+"), expected: "a value"), 0),
            ("-", .unexpectedEnd(expected: "a digit"), 1),
            ("-x", .unexpectedByte(UInt8(ascii: "x"), expected: "a digit"), 1),
            ("1e", .unexpectedEnd(expected: "a digit of the exponent"), 2),
            ("1e+", .unexpectedEnd(expected: "a digit of the exponent"), 3),
            ("1.e5", .unexpectedByte(UInt8(ascii: "e"), expected: "a digit after '.'"), 2),
            ("0x1F", .trailingContent, 1),
            ("1e400", .numberOutOfRange, 0),
            ("-1e400", .numberOutOfRange, 0),
            ("NaN", .unexpectedByte(UInt8(ascii: "N"), expected: "a value"), 0),
            ("Infinity", .unexpectedByte(UInt8(ascii: "I"), expected: "a value"), 0),
            ("tru", .unexpectedEnd(expected: "'true'"), 3),
            ("nul1", .unexpectedByte(UInt8(ascii: "1"), expected: "'null'"), 3),
            ("True", .unexpectedByte(UInt8(ascii: "T"), expected: "a value"), 0),
            ("[true false]", .unexpectedByte(UInt8(ascii: "f"), expected: "',' or ']'"), 6),
            ("\"abc", .unterminatedString, 0),
            ("[\"a\\", .unterminatedString, 1),
            ("\"\\u12", .unterminatedString, 0),
            ("\"\\u12x\"", .invalidUnicodeEscape, 1),
            ("\"\\u12G4\"", .invalidUnicodeEscape, 1),
            ("\"\\x41\"", .invalidEscape, 1),
            ("\"\\'\"", .invalidEscape, 1),
            ("\"\\U0041\"", .invalidEscape, 1),
            ("\"a\tb\"", .controlCharacter(0x09), 2),
            ("\"a\nb\"", .controlCharacter(0x0A), 2),
            ("\"\u{0}\"", .controlCharacter(0x00), 1),
            ("\"x\\ud800\"", .loneSurrogate, 2),
            ("\"\\ud800x\"", .loneSurrogate, 1),
            ("\"\\ud800\\n\"", .loneSurrogate, 1),
            ("\"\\ud800\\u0041\"", .loneSurrogate, 1),
            ("\"\\ud800\\ud800\"", .loneSurrogate, 1),
            ("\"\\udc00\\ud800\"", .loneSurrogate, 1),
            ("\"\\uDFFF\"", .loneSurrogate, 1),
            ("{\"a\":1,\"b\":2,\"a\":3}", .duplicateKey("a"), 13),
            ("{\"a\":{\"a\":1},\"a\\u0000\":2,\"\\u0061\":3}", .duplicateKey("a"), 25),
            ("{\"a\":1}}", .trailingContent, 7),
            ("[1]]", .trailingContent, 3),
            ("1 2", .trailingContent, 2),
            ("[", .unexpectedEnd(expected: "a value"), 1),
            ("[1", .unexpectedEnd(expected: "',' or ']'"), 2),
            ("{", .unexpectedEnd(expected: "a member name"), 1),
            ("{\"a\"", .unexpectedEnd(expected: "':' after the member name"), 4),
            ("{\"a\":", .unexpectedEnd(expected: "a value"), 5),
            ("{\"a\":1,", .unexpectedEnd(expected: "a member name"), 7),
            (
                "{\"a\":1,,}", .unexpectedByte(UInt8(ascii: ","), expected: "a member name in double quotes"),
                7
            ),
            ("]", .unexpectedByte(UInt8(ascii: "]"), expected: "a value"), 0),
            ("[1\u{0B}]", .unexpectedByte(0x0B, expected: "',' or ']'"), 2),
            ("\u{A0}1", .unexpectedByte(0xC2, expected: "a value"), 0),
        ] as [(String, JSONError.Reason, Int)])
    func invalidTextsSayWhatAndWhere(text: String, reason: JSONError.Reason, offset: Int) {
        #expect(failure(text) == JSONError(reason, at: offset), "\(text.debugDescription)")
    }

    @Test(
        arguments: [
            ([0x22, 0x80, 0x22], 1),  // a continuation byte alone
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
            ([0x22, 0xC1, 0xBF, 0x22], 1),  // overlong
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong, three bytes
            ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1),  // overlong, four bytes
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // U+D800 encoded: a lone surrogate
            ([0x22, 0xED, 0xBF, 0xBF, 0x22], 1),  // U+DFFF encoded
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // beyond U+10FFFF
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),
            ([0x22, 0xFF, 0x22], 1),
            ([0x22, 0x61, 0xC3, 0x22], 2),  // cut short before the quote
            ([0x22, 0xE2, 0x82, 0x22], 1),
            ([0x22, 0xE2, 0x82], 1),  // cut short at the end of the text
            ([0x22, 0xF0, 0x9F, 0x98, 0x41, 0x22], 1),
        ] as [([UInt8], Int)])
    func bytesThatAreNotUTF8AreRefusedWhereTheySequenceStarts(bytes: [UInt8], offset: Int) {
        #expect(failure(bytes) == JSONError(.invalidUTF8, at: offset), "\(bytes)")
    }

    @Test func everyValidUTF8LengthReads() throws {
        let text = "\u{7F}\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try read("\"\(text)\"") == .string(text))
    }

    @Test func aByteOrderMarkIsRefused() {
        #expect(failure([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == JSONError(.byteOrderMark, at: 0))
    }

    @Test func nestingPastTheLimitIsRefusedAtTheBracketThatGoesTooDeep() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(failure(deep) == JSONError(.tooDeep(limit: 64), at: 64))
        let mixed = String(repeating: #"{"a":["#, count: 40)
        #expect(failure(mixed) == JSONError(.tooDeep(limit: 64), at: 32 * 6), "the 33rd {")
        #expect(
            (try? JSONReader.read(Array("[[[[1]]]]".utf8), maxDepth: 3)) == nil,
            "a caller may set its own limit")
        // Far past any limit: refused, not a stack overflow.
        #expect(failure(String(repeating: "[", count: 1_000_000)) == JSONError(.tooDeep(limit: 64), at: 64))
    }

    @Test func messagesSayWhatWasWrongWhereAndTheUsualFix() {
        #expect(
            failure("[1,]")?.description
                == "a comma with no value after it (JSON allows no trailing comma) at byte 2")
        #expect(failure("{'a': 1}")?.description.contains("JSON strings take double quotes") == true)
        #expect(failure("[1] // c")?.description == "more text after the JSON value at byte 4")
        #expect(failure("// c\n[1]")?.description.contains("JSON has no comments") == true)
        #expect(failure("\"a\u{1}\"")?.description.contains("control character (byte 0x01)") == true)
        #expect(
            failure("{\"k\":1,\"k\":2}")?.description == "a second member named \"k\" in one object at byte 7"
        )
        #expect(failure("\"ab")?.description == "a string with no closing quote, starting at byte 0")
        #expect(failure([0x5B, 0xFF, 0x5D])?.description == "expected a value, found byte 0xFF at byte 1")
    }

    @Test func kindsAreDescribedForMessages() throws {
        #expect(try read("{}").kindDescription == "an object")
        #expect(try read("[]").kindDescription == "an array")
        #expect(try read("\"\"").kindDescription == "a string")
        #expect(try read("1").kindDescription == "a number")
        #expect(try read("true").kindDescription == "a boolean")
        #expect(try read("null").kindDescription == "null")
    }
}
