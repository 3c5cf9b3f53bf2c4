/// Why `JSONReader` refused a text, and where: the byte offset from the start.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        /// Nothing but white space (or nothing at all).
        case empty
        /// The text ended where `expected` should have come.
        case unexpectedEnd(expected: String)
        /// `found` stands where `expected` should have.
        case unexpectedByte(UInt8, expected: String)
        /// A comma right before `]` or `}`.
        case trailingComma
        /// A number with a zero before other digits (`012`).
        case leadingZero
        /// A number beyond the range of a `Double` (`1e400`).
        case numberOutOfRange
        /// A backslash followed by something that is not an escape.
        case invalidEscape
        /// `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// A `\u` escape of half a surrogate pair without its other half.
        case loneSurrogate
        /// A control character (U+0000...U+001F) in a string: it must be escaped.
        case controlCharacter(UInt8)
        /// Bytes that are not UTF-8 (overlong, a surrogate, beyond U+10FFFF, cut short).
        case invalidUTF8
        /// A string that runs to the end of the text.
        case unterminatedString
        /// A second member of this name in one object.
        case duplicateKey(String)
        /// Arrays and objects nested more than `limit` deep.
        case tooDeep(limit: Int)
        /// Something after the value.
        case trailingContent
        /// A UTF-8 byte order mark before the value.
        case byteOrderMark
    }

    /// What was wrong.
    public let reason: Reason
    /// Where, in bytes from the start of the text.
    public let offset: Int

    /// An error of `reason` at byte `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// What was wrong, where, and (for the usual slips) how JSON says it instead.
    public var description: String {
        "\(problem) at byte \(offset)"
    }

    private var problem: String {
        switch reason {
        case .empty: "no JSON value (the text is empty or only white space) up to its end"
        case .unexpectedEnd(let expected): "the text ends where \(expected) should come"
        case .unexpectedByte(let byte, let expected):
            "expected \(expected), found \(Self.show(byte))\(Self.hint(byte))"
        case .trailingComma: "a comma with no value after it (JSON allows no trailing comma)"
        case .leadingZero: "a number with a leading zero (JSON numbers have none)"
        case .numberOutOfRange: "a number too large for a 64-bit floating point value"
        case .invalidEscape:
            "an unknown escape in a string (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX)"
        case .invalidUnicodeEscape: "a \\u escape without four hexadecimal digits"
        case .loneSurrogate: "a \\u escape of half a UTF-16 surrogate pair without its other half"
        case .controlCharacter(let byte):
            "a control character (\(Self.hex(byte))) in a string: write it as an escape such as \\n or \\u00XX"
        case .invalidUTF8: "bytes that are not UTF-8"
        case .unterminatedString: "a string with no closing quote, starting"
        case .duplicateKey(let key): "a second member named \"\(key.prefix(100))\" in one object"
        case .tooDeep(let limit): "arrays and objects nested more than \(limit) deep"
        case .trailingContent: "more text after the JSON value"
        case .byteOrderMark: "a byte order mark (JSON texts have none)"
        }
    }

    private static func show(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : hex(byte)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (digits.count == 1 ? "0" : "") + digits
    }

    /// The usual reason for a byte: a habit from JavaScript or another format.
    private static func hint(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "'"): " (JSON strings take double quotes)"
        case UInt8(ascii: "/"), UInt8(ascii: "#"): " (JSON has no comments)"
        default: ""
        }
    }
}
