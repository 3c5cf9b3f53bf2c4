/// Writes JSON straight into bytes: no encoder, no intermediate strings.
///
/// Strings are escaped per RFC 8259: quote, backslash and control characters;
/// `<`, `>`, `&` and U+2028/U+2029 are escaped too, so the JSON can never close
/// a script element or be read as HTML.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// An empty writer.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `{ ... }`, with `body` adding the members.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[ ... ]`, with `body` adding the elements.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name; the value written next belongs to it.
    public mutating func key(_ name: String) {
        separate()
        escaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string member.
    public mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// An integer member.
    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        integer(value)
    }

    /// An optional integer member (`null` when nil).
    public mutating func field(_ name: String, _ value: Int?) {
        key(name)
        if let value { integer(value) } else { null() }
    }

    /// A boolean member.
    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        boolean(value)
    }

    /// A number member (finite; non-finite numbers are written as `null`).
    public mutating func field(_ name: String, _ value: Double) {
        key(name)
        number(value)
    }

    /// A string value.
    public mutating func string(_ value: String) {
        separate()
        escaped(value)
        needsComma = true
    }

    /// `value` as a quoted, escaped JSON string.
    private mutating func escaped(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        let contentStart = bytes.count
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                unicodeEscape(UInt16(byte))
            default: bytes.append(byte)
            }
        }
        // U+2028 and U+2029 are UTF-8 E2 80 A8/A9: escape them too (JavaScript line terminators).
        if value.utf8.contains(0xE2) { escapeLineSeparators(from: contentStart) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An integer value.
    public mutating func integer(_ value: Int) {
        separate()
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else {
            var digits: [UInt8] = []
            var rest = value.magnitude
            while rest > 0 {
                digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: digits.reversed())
        }
        needsComma = true
    }

    /// A number value; whole numbers are written without a fraction.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int(value))
        } else {
            separate()
            bytes.append(contentsOf: "\(value)".utf8)
            needsComma = true
        }
    }

    /// `true` or `false`.
    public mutating func boolean(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    /// `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Bytes that are already valid JSON (a cached fragment).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func unicodeEscape(_ unit: UInt16) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [
            0x5C, UInt8(ascii: "u"), hex[Int(unit >> 12)], hex[Int(unit >> 8 & 0xF)], hex[Int(unit >> 4 & 0xF)],
            hex[Int(unit & 0xF)],
        ])
    }

    private mutating func escapeLineSeparators(from start: Int) {
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                let escape = Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                bytes.replaceSubrange(index..<(index + 3), with: escape)
                index += escape.count
            } else {
                index += 1
            }
        }
    }
}
