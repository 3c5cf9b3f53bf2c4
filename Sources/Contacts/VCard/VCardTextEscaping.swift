/// vCard text escaped for the writer (`VCardTextDecoder` reads it back).
enum VCardTextEscaping {
    /// `text` escaped as a vCard text value or component: `\`, `,`, `;` and line
    /// breaks (LF, CR LF or CR, each written `\n`).
    static func appendText(_ text: String, to out: inout [UInt8]) {
        append(text, into: &out, full: true)
    }

    /// `text` with only `\` and line breaks escaped: URLs, UIDs, and properties kept
    /// as a file wrote them, whose `,` and `;` may be the value's own structure.
    static func appendMinimal(_ text: String, to out: inout [UInt8]) {
        append(text, into: &out, full: false)
    }

    private static func append(_ text: String, into out: inout [UInt8], full: Bool) {
        var afterCR = false
        for byte in text.utf8 {
            defer { afterCR = byte == 0x0D }
            switch byte {
            case 0x0A where afterCR: continue
            case 0x0A, 0x0D: out.append(contentsOf: [0x5C, 0x6E])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x2C where full, 0x3B where full: out.append(contentsOf: [0x5C, byte])
            default: out.append(byte)
            }
        }
    }

    /// A parameter value in double quotes with RFC 6868's caret escapes (`^^`,
    /// `^n` for a line break, `^'` for a double quote).
    static func appendQuotedParameter(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x5E: out.append(contentsOf: [0x5E, 0x5E])
            case 0x0A: out.append(contentsOf: [0x5E, 0x6E])
            case 0x22: out.append(contentsOf: [0x5E, 0x27])
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }

    /// A parameter value's RFC 6868 caret escapes undone.
    static func caretDecoded(_ text: String) -> String {
        guard text.utf8.contains(0x5E) else { return text }
        var out: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == 0x5E, let next = iterator.next() else {
                out.append(byte)
                continue
            }
            switch next {
            case 0x5E: out.append(0x5E)
            case 0x6E: out.append(0x0A)
            case 0x27: out.append(0x22)
            default: out.append(contentsOf: [byte, next])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
