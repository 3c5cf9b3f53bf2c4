import HTTP

/// Escapes text for HTML element content and quoted attribute values, optionally
/// also for the inside of a JSON string (fragments are written straight into the
/// window JSON).
enum HTMLEscaping {
    /// Appends `text` with `& < > " '` as character references.
    static func append(_ text: String, to output: inout ByteBuffer) {
        append(text, to: &output, json: false)
    }

    /// Appends `text` HTML-escaped and then valid inside a JSON string: a backslash
    /// becomes `\\`, control characters `\u00XX`, U+2028/2029 `\u2028`/`\u2029`.
    static func appendForJSON(_ text: String, to output: inout ByteBuffer) {
        append(text, to: &output, json: true)
    }

    /// 1 for bytes that HTML needs escaped, 2 for those only JSON does.
    private static let classes: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27: 1
        case 0..<0x20, 0x5C, 0x7F, 0xE2: 2
        default: 0
        }
    }

    /// `appendForJSON` for UTF-8 bytes (straight from a database column).
    static func appendForJSON(_ input: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer) {
        append(input, to: &output, json: true)
    }

    private static func append(_ text: String, to output: inout ByteBuffer, json: Bool) {
        var text = text
        text.withUTF8 { append($0, to: &output, json: json) }
    }

    private static func append(_ input: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, json: Bool) {
        do {
            var runStart = 0
            var index = 0
            while index < input.count {
                let kind = classes[Int(input[index])]
                if kind == 0 || (kind == 2 && !json) {
                    index += 1
                    continue
                }
                let byte = input[index]
                if byte == 0xE2 {
                    guard index + 2 < input.count, input[index + 1] == 0x80,
                        input[index + 2] == 0xA8 || input[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                }
                output.append(UnsafeBufferPointer(rebasing: input[runStart..<index]))
                switch byte {
                case 0x26: output.append("&amp;" as StaticString)
                case 0x3C: output.append("&lt;" as StaticString)
                case 0x3E: output.append("&gt;" as StaticString)
                case 0x22: output.append("&quot;" as StaticString)
                case 0x27: output.append("&#39;" as StaticString)
                case 0x5C: output.append(0x5C, 0x5C)
                case 0xE2:
                    output.append(input[index + 2] == 0xA8 ? #"\u2028"# as StaticString : #"\u2029"#)
                    index += 2
                default:
                    output.append(#"\u00"# as StaticString)
                    ("0123456789abcdef" as StaticString).withUTF8Buffer { hex in
                        output.append(hex[Int(byte >> 4)], hex[Int(byte & 0xF)])
                    }
                }
                index += 1
                runStart = index
            }
            output.append(UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
        }
    }
}
