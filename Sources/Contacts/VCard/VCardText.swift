/// vCard text values on bytes: unescaping and splitting what the reader reads,
/// escaping what the writer writes.
///
/// Reading, `\n` and `\N` are a line break, `\\`, `\,`, `\;` and `\:` the
/// character itself (Apple and Google once wrote `http\://`); any other
/// backslash is kept as written. A CR LF or lone CR (quoted-printable `=0D=0A`)
/// becomes LF: a card's line breaks are LF. Structured values (N, ADR, ORG) split
/// on unescaped `;`, lists (CATEGORIES, NICKNAME) on unescaped `,`.
struct VCardTextDecoder {
    private var scratch: [UInt8] = []

    /// The value `bytes` unescaped, as text in `charset`.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, _ charset: VCardEncodings.Charset) -> String {
        for byte in bytes where byte == 0x5C || byte == 0x0D {
            return unescaped(bytes, charset)
        }
        return VCardEncodings.string(bytes, charset)
    }

    /// The value `bytes` split on unescaped `separator`, each part unescaped.
    mutating func components(
        _ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, _ charset: VCardEncodings.Charset
    ) -> [String] {
        var parts: [String] = []
        var start = 0
        var plain = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == separator {
                parts.append(part(bytes, start..<index, plain, charset))
                start = index + 1
                plain = true
            } else if byte == 0x5C {
                plain = false
                index += 1
            } else if byte == 0x0D {
                plain = false
            }
            index += 1
        }
        parts.append(part(bytes, start..<bytes.count, plain, charset))
        return parts
    }

    private mutating func part(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ plain: Bool,
        _ charset: VCardEncodings.Charset
    ) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        return plain ? VCardEncodings.string(slice, charset) : unescaped(slice, charset)
    }

    private mutating func unescaped(_ bytes: UnsafeBufferPointer<UInt8>, _ charset: VCardEncodings.Charset)
        -> String
    {
        scratch.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D {
                scratch.append(0x0A)
                if index < bytes.count && bytes[index] == 0x0A { index += 1 }
            } else if byte == 0x5C && index < bytes.count {
                let next = bytes[index]
                switch next {
                case 0x6E, 0x4E:
                    scratch.append(0x0A)
                    index += 1
                case 0x5C, 0x2C, 0x3B, 0x3A:
                    scratch.append(next)
                    index += 1
                default: scratch.append(byte)  // kept; the next byte is read on its own (a CR too)
                }
            } else {
                scratch.append(byte)
            }
        }
        return scratch.withUnsafeBufferPointer { VCardEncodings.string($0, charset) }
    }
}

/// Escaping for the writer.
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
