/// Writes JSON straight into bytes: no encoder, no intermediate strings.
///
/// Strings are escaped per RFC 8259 by `TextEscaping`: quote, backslash and control
/// characters, plus U+2028/U+2029 (line terminators to older JavaScript). HTML specials are
/// left as they are: responses are `application/json` with `nosniff`, never
/// inlined into a page, and escaping them would bloat every HTML fragment.
public struct JSONWriter: ~Copyable {
    private var output: ByteBuffer
    private var needsComma = false
    private let strings: TextEscaping.Context

    /// An empty writer whose strings are escaped for `strings` (`.json`, or
    /// `.jsonKeepingDelete` for text the store keeps as it was first written).
    public init(capacity: Int = 256, strings: TextEscaping.Context = .json) {
        output = ByteBuffer(capacity: capacity)
        self.strings = strings
    }

    /// The JSON written so far.
    public var bytes: [UInt8] { output.array }

    /// The JSON written so far, as text.
    public var text: String { output.text }

    /// Writes `{ ... }`, with `body` adding the members.
    public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        separate()
        output.append(UInt8(ascii: "{"))
        needsComma = false
        try body(&self)
        output.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[ ... ]`, with `body` adding the elements.
    public mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        separate()
        output.append(UInt8(ascii: "["))
        needsComma = false
        try body(&self)
        output.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `[ {...}, ... ]`: an object for each of `elements`, with `members` adding its members.
    public mutating func objects<Element>(
        _ elements: some Sequence<Element>, _ members: (inout JSONWriter, Element) throws -> Void
    ) rethrows {
        try array { out in
            for element in elements { try out.object { out in try members(&out, element) } }
        }
    }

    /// Writes a member name; the value written next belongs to it. Names are the
    /// program's own literals and are written as they are: they must need no escape.
    public mutating func key(_ name: StaticString) {
        separate()
        output.append(UInt8(ascii: "\""))
        output.append(name)
        output.append(UInt8(ascii: "\""), UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a member name that is text, not a literal (a name from a table of
    /// the program's, or one read elsewhere): escaped as a string value is.
    public mutating func key(escaping name: String) {
        separate()
        escaped(name)
        output.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member whose value `json` is JSON text already (an object the program wrote).
    public mutating func field(_ name: StaticString, json: String) {
        key(name)
        output.append(json)
        needsComma = true
    }

    /// A string member.
    public mutating func field(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// An integer member.
    public mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    /// An optional integer member (`null` when nil).
    public mutating func field(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { integer(value) } else { null() }
    }

    /// A boolean member.
    public mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        boolean(value)
    }

    /// A number member (finite; non-finite numbers are written as `null`).
    public mutating func field(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    /// A string value.
    public mutating func string(_ value: String) {
        separate()
        escaped(value)
        needsComma = true
    }

    /// Appends `json`, which must already be valid JSON text in this position
    /// (a literal run like `,"kind":"contact","row":`), as one copy.
    @inline(__always)
    public mutating func literal(_ json: StaticString) {
        output.append(json)
    }

    /// Appends an integer as a value after a `literal` that ended with a colon.
    @inline(__always)
    public mutating func rawInteger(_ value: Int) {
        Self.withDecimal(value) { output.append($0) }
    }

    /// Appends a string value after a `literal` that ended with a colon.
    @inline(__always)
    public mutating func rawString(utf8 value: UnsafeBufferPointer<UInt8>) {
        escaped(value)
    }

    /// Appends a string value after a `literal` that ended with a colon.
    public mutating func rawString(_ value: String) {
        escaped(value)
    }

    /// Appends a string value whose content `body` writes already escaped, after a
    /// `literal` that ended with a colon.
    public mutating func rawString(escapedContent body: (inout ByteBuffer) -> Void) {
        output.append(UInt8(ascii: "\""))
        body(&output)
        output.append(UInt8(ascii: "\""))
    }

    /// Marks that a value was written by the raw methods, so the next one gets a comma.
    public mutating func endRawValue() {
        needsComma = true
    }

    /// `value` as a quoted, escaped JSON string.
    private mutating func escaped(_ value: String) {
        var value = value
        value.withUTF8 { escaped($0) }
    }

    /// `input` as a quoted, escaped JSON string.
    private mutating func escaped(_ input: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        TextEscaping.append(input, as: strings, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// An integer value.
    public mutating func integer(_ value: Int) {
        separate()
        Self.withDecimal(value) { output.append($0) }
        needsComma = true
    }

    /// Appends `value` in decimal, without allocating.
    public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        withDecimal(value) { bytes.append(contentsOf: $0) }
    }

    /// Calls `body` with `value`'s decimal digits (and sign), written on the stack.
    /// Inlinable: a generic called from another module would otherwise look up its
    /// type metadata at run time on every call (1.7% of a window's samples).
    @inlinable @inline(__always)
    public static func withDecimal<Result>(_ value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        // Digits come out last first: fill a 20-byte stack buffer from its end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            var start = 21
            var rest = value.magnitude
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: digits[start..<21]))
        }
    }

    /// A number value; whole numbers are written without a fraction.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int(value))
        } else {
            separate()
            output.append("\(value)")
            needsComma = true
        }
    }

    /// `true` or `false`.
    public mutating func boolean(_ value: Bool) {
        separate()
        output.append(value ? "true" : "false" as StaticString)
        needsComma = true
    }

    /// `null`.
    public mutating func null() {
        separate()
        output.append("null" as StaticString)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { output.append(UInt8(ascii: ",")) }
    }

}
