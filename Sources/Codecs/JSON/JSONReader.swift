/// Reads a JSON text (RFC 8259) into a `JSONValue`, strictly: pure bytes in,
/// a value or a `JSONError` saying what and where out.
///
/// Strict means exactly the grammar of RFC 8259 and nothing a lenient parser
/// lets through: no trailing commas, comments, single quotes, leading zeros,
/// `NaN` or hexadecimal; no control characters in strings, no lone surrogates
/// (escaped or encoded), no bytes that are not UTF-8, no byte order mark, nothing
/// after the value. RFC 8259 leaves three things to implementations, decided
/// here for request bodies: a name twice in one object is an error (RFC 8259 4:
/// its meaning is unpredictable), nesting is limited (`maxDepth`), and a number
/// beyond a `Double`'s range is an error. Names compare by Unicode scalars.
///
/// Bodies are small and read once, so the reader builds the whole value (no
/// streaming) and recurses once per level of nesting, which the depth limit bounds.
public struct JSONReader {
    /// How deeply arrays and objects may nest by default.
    public static let defaultMaxDepth = 64

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    private let maxDepth: Int

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// The value of the JSON text `bytes` (UTF-8).
    /// - Throws: `JSONError` with the reason and the byte offset of the first fault.
    /// - Complexity: O(*n*) in the length of the text.
    public static func read(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue
    {
        let result = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maxDepth: maxDepth)
            return Result { () throws(JSONError) in try reader.document() }
        }
        return try result.get()
    }

    /// The value of the JSON text `text`, read from its UTF-8 in place (no copy
    /// into an array first: a contact's details are read per contact in imports).
    /// - Throws: `JSONError` with the reason and the byte offset of the first fault.
    /// - Complexity: O(*n*) in the length of the text.
    public static func read(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            var reader = JSONReader(buffer, maxDepth: maxDepth)
            return Result { () throws(JSONError) in try reader.document() }
        }
        return try result.get()
    }

    private mutating func document() throws(JSONError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw JSONError(.byteOrderMark, at: 0) }
        skipWhitespace()
        guard index < bytes.count else { throw JSONError(.empty, at: index) }
        let value = try value()
        skipWhitespace()
        guard index == bytes.count else { throw JSONError(.trailingContent, at: index) }
        return value
    }

    private mutating func value() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: "a value"), at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(String(decoding: try string(), as: UTF8.self))
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected("a value")
        }
    }

    private mutating func object() throws(JSONError) -> JSONValue {
        try enterContainer()
        var members: [JSONValue.Member] = []
        var names = Set<[UInt8]>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return leaveContainer(.object(members))
        }
        while true {
            guard index < bytes.count else {
                throw JSONError(.unexpectedEnd(expected: "a member name"), at: index)
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw unexpected("a member name in double quotes")
            }
            let nameOffset = index
            let name = try string()
            guard names.insert(name).inserted else {
                throw JSONError(.duplicateKey(String(decoding: name, as: UTF8.self)), at: nameOffset)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the member name")
            skipWhitespace()
            members.append(JSONValue.Member(key: String(decoding: name, as: UTF8.self), value: try value()))
            skipWhitespace()
            if try separator(closing: UInt8(ascii: "}")) { return leaveContainer(.object(members)) }
        }
    }

    private mutating func array() throws(JSONError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            return leaveContainer(.array(elements))
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            if try separator(closing: UInt8(ascii: "]")) { return leaveContainer(.array(elements)) }
        }
    }

    /// After a member or an element: true at the closing bracket (left for
    /// `leaveContainer`), false after a comma (consumed, white space after it
    /// skipped) that another value follows.
    private mutating func separator(closing: UInt8) throws(JSONError) -> Bool {
        let expected = "',' or '\(Character(Unicode.Scalar(closing)))'"
        guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: expected), at: index) }
        switch bytes[index] {
        case closing:
            return true
        case UInt8(ascii: ","):
            let comma = index
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}") {
                throw JSONError(.trailingComma, at: comma)
            }
            return false
        default:
            throw unexpected(expected)
        }
    }

    /// At `[` or `{`: steps in, one level deeper.
    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONError(.tooDeep(limit: maxDepth), at: index) }
        index += 1
    }

    /// At `]` or `}`: steps out, one level up.
    private mutating func leaveContainer(_ value: JSONValue) -> JSONValue {
        index += 1
        depth -= 1
        return value
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let expected = "'\(word)'"
        for byte in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: expected), at: index) }
            guard bytes[index] == byte else { throw unexpected(expected) }
            index += 1
        }
    }

    private mutating func number() throws(JSONError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw JSONError(.leadingZero, at: start) }
        } else {
            try digits("a digit")
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try digits("a digit after '.'")
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try digits("a digit of the exponent")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw JSONError(.numberOutOfRange, at: start) }
        return JSONNumber(text: text, value: value, isInteger: isInteger)
    }

    /// One or more decimal digits.
    private mutating func digits(_ expected: String) throws(JSONError) {
        guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: expected), at: index) }
        guard isDigit(bytes[index]) else { throw unexpected(expected) }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONError) {
        guard index < bytes.count else { throw JSONError(.unexpectedEnd(expected: expected), at: index) }
        guard bytes[index] == byte else { throw unexpected(expected) }
        index += 1
    }

    /// The error for the byte at `index`, where `expected` should have been.
    func unexpected(_ expected: String) -> JSONError {
        JSONError(.unexpectedByte(bytes[index], expected: expected), at: index)
    }

    /// Skips RFC 8259's white space: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
