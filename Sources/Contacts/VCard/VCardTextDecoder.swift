/// vCard text values on bytes: unescaping and splitting what the reader reads
/// (`VCardTextEscaping` escapes what the writer writes).
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
