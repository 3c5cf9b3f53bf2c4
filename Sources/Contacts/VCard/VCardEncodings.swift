/// The byte encodings a vCard value may come in, decoded on bytes: quoted-printable
/// (vCard 2.1's soft line breaks are joined by the reader before a value gets
/// here), base64 (`ENCODING=b`, `ENCODING=BASE64`, `data:` URIs), and the
/// character sets `CHARSET=` names (UTF-8, US-ASCII, ISO-8859-1, Windows-1252).
enum VCardEncodings {
    /// A `CHARSET=` parameter's character set.
    enum Charset: Sendable, Equatable {
        /// UTF-8, the default: bytes that are not valid UTF-8 are read as Windows-1252
        /// (old exporters write Latin-1 without saying so).
        case utf8
        case latin1
        case windows1252
        /// A character set the reader does not know: the card is an error.
        case unknown(String)

        /// The character set a `CHARSET=` value names, ASCII case ignored.
        static func named(_ name: String) -> Charset {
            switch name.lowercased() {
            case "utf-8", "utf8", "us-ascii", "ascii": .utf8
            case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1": .latin1
            case "windows-1252", "cp1252", "cp-1252", "windows1252", "x-cp1252": .windows1252
            default: .unknown(name)
            }
        }
    }

    /// Windows-1252's characters for bytes 0x80-0x9F (0 where the code page has none:
    /// those bytes map to the C1 control of the same value, as Latin-1 does).
    private static let cp1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
        0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0, 0x017E, 0x0178,
    ]

    /// `bytes` as text in `charset`.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ charset: Charset) -> String {
        switch charset {
        case .utf8, .unknown:
            if isValidUTF8(bytes) { return String(decoding: bytes, as: UTF8.self) }
            return singleByte(bytes, windows: true)
        case .latin1: return singleByte(bytes, windows: false)
        case .windows1252: return singleByte(bytes, windows: true)
        }
    }

    /// `bytes` (a name, a parameter value) as UTF-8 text with line breaks as LF:
    /// a stray CR inside a line is no more kept than a CR between lines.
    static func headText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = string(bytes, .utf8)
        guard bytes.contains(0x0D) else { return text }
        return text.replacingCRs()
    }

    /// Whether `bytes` are valid UTF-8 (RFC 3629: no overlong forms, surrogates or
    /// code points past U+10FFFF), ASCII checked eight bytes at a time.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    break
                }
                index += 8
            }
        }
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    private static func singleByte(_ bytes: UnsafeBufferPointer<UInt8>, windows: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            var code = UInt32(byte)
            if windows && byte >= 0x80 && byte < 0xA0 {
                let mapped = cp1252High[Int(byte - 0x80)]
                if mapped != 0 { code = UInt32(mapped) }
            }
            scalars.append(Unicode.Scalar(code)!)
        }
        return String(scalars)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Quoted-printable decoded into `out` (cleared first): `=XX` is a byte, a
    /// malformed `=` is kept as it is, a soft break `=` CRLF that reached here is dropped.
    static func decodeQuotedPrintable(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x3D {
                if index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                {
                    out.append(high << 4 | low)
                    index += 3
                    continue
                }
                if index + 1 < bytes.count && (bytes[index + 1] == 0x0D || bytes[index + 1] == 0x0A) {
                    index += 2
                    if index < bytes.count && bytes[index - 1] == 0x0D && bytes[index] == 0x0A { index += 1 }
                    continue
                }
            }
            out.append(byte)
            index += 1
        }
    }

    private static let base64Alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let base64Values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in base64Alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        table[Int(UInt8(ascii: "-"))] = 62  // the URL-safe alphabet, which some writers use
        table[Int(UInt8(ascii: "_"))] = 63
        return table
    }()

    /// Base64 decoded, whitespace ignored, padding optional; nil when a byte is not
    /// base64 or data follows the padding. Whole groups of four letters, what an unfolded
    /// PHOTO holds from end to end, are decoded four at a time; the rest (white space,
    /// padding, a last short group) a byte at a time.
    static func decodeBase64(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = bytes.count
        guard let input = bytes.baseAddress, count > 0 else { return [] }
        var valid = true
        let decoded = [UInt8](unsafeUninitializedCapacity: count / 4 * 3 + 3) { output, written in
            base64Values.withUnsafeBufferPointer { table in
                var index = 0
                var out = 0
                while index + 4 <= count {
                    let a = table[Int(input[index])]
                    let b = table[Int(input[index + 1])]
                    let c = table[Int(input[index + 2])]
                    let d = table[Int(input[index + 3])]
                    // 0xFF (not a letter) has the high bits no letter's value has.
                    guard (a | b | c | d) & 0xC0 == 0 else { break }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[out] = UInt8(truncatingIfNeeded: group >> 16)
                    output[out + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    output[out + 2] = UInt8(truncatingIfNeeded: group)
                    index += 4
                    out += 3
                }
                var accumulator: UInt32 = 0
                var bits = 0
                var padded = false
                while index < count {
                    let byte = input[index]
                    index += 1
                    if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { continue }
                    if byte == 0x3D {
                        padded = true
                        continue
                    }
                    let value = table[Int(byte)]
                    if value == 0xFF || padded {
                        valid = false
                        break
                    }
                    accumulator = accumulator << 6 | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        output[out] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                        out += 1
                    }
                }
                written = out
            }
        }
        return valid ? decoded : nil
    }

    /// Standard base64 with padding, appended to `out`.
    static func encodeBase64(_ bytes: [UInt8], into out: inout [UInt8]) {
        var index = 0
        while index + 2 < bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { out.append(base64Alphabet[Int(chunk >> UInt32(shift) & 63)]) }
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            var chunk = UInt32(bytes[index]) << 16
            if rest == 2 { chunk |= UInt32(bytes[index + 1]) << 8 }
            out.append(base64Alphabet[Int(chunk >> 18 & 63)])
            out.append(base64Alphabet[Int(chunk >> 12 & 63)])
            out.append(rest == 2 ? base64Alphabet[Int(chunk >> 6 & 63)] : 0x3D)
            out.append(0x3D)
        }
    }
}

extension String {
    /// CR LF and lone CR as LF.
    func replacingCRs() -> String {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }
            scalars.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(scalars)
    }
}
