/// The one escaper of text written into responses: JSON string content
/// (RFC 8259), HTML text and quoted attribute values, or both at once for HTML
/// fragments that go straight into a JSON string (the window's `html`).
///
/// Runs of bytes that need nothing are copied in bulk; one table lookup a byte
/// decides the rest.
public enum TextEscaping {
    /// What the text is written into.
    public enum Context: UInt8, Sendable {
        /// The inside of a JSON string: quote, backslash, control characters, DEL
        /// and U+2028/U+2029 are escaped.
        case json = 6
        /// HTML text or a quoted attribute: `& < > " '` become character references.
        case html = 1
        /// HTML inside a JSON string: character references first, then JSON's
        /// escapes for what HTML leaves (a quote is `&quot;`, never `\"`).
        case htmlInJSON = 7
        /// The inside of a JSON string as `json` escapes it, but for DEL, which is
        /// left as it is (RFC 8259 needs no escape for it): the text a contact's
        /// details and kept revisions were first stored as, so that the same value
        /// stays the same text.
        case jsonKeepingDelete = 2
    }

    /// Per byte: 1 when HTML escapes it, 2 when JSON does (both bits for `"`), 4 for
    /// DEL, which only the contexts that hold bit 4 escape.
    private static let classes: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x22: 3
        case 0x26, 0x3C, 0x3E, 0x27: 1
        case 0..<0x20, 0x5C, 0xE2: 2
        case 0x7F: 4
        default: 0
        }
    }

    /// Appends `text` escaped for `context` (without surrounding quotes).
    public static func append(_ text: String, as context: Context, to output: inout ByteBuffer) {
        var text = text
        text.withUTF8 { append($0, as: context, to: &output) }
    }

    /// Appends UTF-8 `input` escaped for `context` (without surrounding quotes).
    /// - Complexity: O(n), one pass.
    public static func append(
        _ input: UnsafeBufferPointer<UInt8>, as context: Context, to output: inout ByteBuffer
    ) {
        let mask = context.rawValue
        var runStart = 0
        var index = 0
        let count = input.count
        while index < count {
            let byte = input[index]
            let kind = classes[Int(byte)] & mask
            if kind == 0 {
                index += 1
                continue
            }
            // U+2028 and U+2029 (E2 80 A8/A9) are escaped; any other E2 sequence is not.
            if byte == 0xE2 {
                guard index + 2 < count, input[index + 1] == 0x80,
                    input[index + 2] == 0xA8 || input[index + 2] == 0xA9
                else {
                    index += 1
                    continue
                }
            }
            output.append(UnsafeBufferPointer(rebasing: input[runStart..<index]))
            if kind & 1 != 0 {
                switch byte {
                case 0x26: output.append("&amp;" as StaticString)
                case 0x3C: output.append("&lt;" as StaticString)
                case 0x3E: output.append("&gt;" as StaticString)
                case 0x22: output.append("&quot;" as StaticString)
                default: output.append("&#39;" as StaticString)
                }
            } else {
                switch byte {
                case 0x22: output.append(0x5C, 0x22)
                case 0x5C: output.append(0x5C, 0x5C)
                case 0x0A: output.append(0x5C, UInt8(ascii: "n"))
                case 0x0D: output.append(0x5C, UInt8(ascii: "r"))
                case 0x09: output.append(0x5C, UInt8(ascii: "t"))
                case 0xE2:
                    output.append(input[index + 2] == 0xA8 ? #"\u2028"# as StaticString : #"\u2029"#)
                    index += 2
                default:
                    output.append(#"\u00"# as StaticString)
                    ("0123456789abcdef" as StaticString).withUTF8Buffer { hex in
                        output.append(hex[Int(byte >> 4)], hex[Int(byte & 0xF)])
                    }
                }
            }
            index += 1
            runStart = index
        }
        output.append(UnsafeBufferPointer(rebasing: input[runStart..<count]))
    }
}
