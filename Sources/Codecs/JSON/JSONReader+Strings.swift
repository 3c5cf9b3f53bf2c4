extension JSONReader {
    /// Reads the string whose opening quote is at `index` and returns its UTF-8
    /// bytes, escapes decoded. Runs without escapes are copied whole; every byte
    /// of the text is checked to be UTF-8 on the way (Unicode 15, table 3-7).
    mutating func string() throws(JSONError) -> [UInt8] {
        let opening = index
        index += 1
        var result: [UInt8] = []
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                result.append(contentsOf: bytes[run..<index])
                index += 1
                return result
            case UInt8(ascii: "\\"):
                result.append(contentsOf: bytes[run..<index])
                try escape(opening: opening, into: &result)
                run = index
            case 0..<0x20:
                throw JSONError(.controlCharacter(byte), at: index)
            case 0x20..<0x80:
                index += 1
            default:
                index = try Self.endOfScalar(in: bytes, at: index)
            }
        }
        throw JSONError(.unterminatedString, at: opening)
    }

    /// Decodes the escape at `index` (its backslash) and appends its UTF-8.
    private mutating func escape(opening: Int, into result: inout [UInt8]) throws(JSONError) {
        let start = index
        guard index + 1 < bytes.count else { throw JSONError(.unterminatedString, at: opening) }
        let simple: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            let unit = try codeUnit(opening: opening)
            let scalar: Unicode.Scalar?
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate: the low half must follow as the next escape.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw JSONError(.loneSurrogate, at: start) }
                let low = try codeUnit(opening: opening)
                guard (0xDC00...0xDFFF).contains(low) else { throw JSONError(.loneSurrogate, at: start) }
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00...0xDFFF:
                throw JSONError(.loneSurrogate, at: start)
            default:
                scalar = Unicode.Scalar(unit)
            }
            result.append(contentsOf: UTF8.encode(scalar!)!)
            return
        default:
            throw JSONError(.invalidEscape, at: start)
        }
        result.append(simple)
        index += 2
    }

    /// Reads `\uXXXX` at `index` and returns its UTF-16 code unit.
    private mutating func codeUnit(opening: Int) throws(JSONError) -> UInt16 {
        let start = index
        guard index + 6 <= bytes.count else {
            // A text cut inside the escape: the string is what is unfinished.
            for byte in bytes[(index + 2)...] where Self.hexValue(byte) == nil {
                throw JSONError(.invalidUnicodeEscape, at: start)
            }
            throw JSONError(.unterminatedString, at: opening)
        }
        var unit: UInt16 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Self.hexValue(byte) else { throw JSONError(.invalidUnicodeEscape, at: start) }
            unit = unit << 4 | UInt16(digit)
        }
        index += 6
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The index after the multi-byte UTF-8 scalar whose lead byte is at `start`.
    /// - Throws: `JSONError.Reason.invalidUTF8` at `start` for an ill-formed sequence
    ///   (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF,
    ///   or cut short).
    static func endOfScalar(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONError) -> Int {
        let lead = bytes[start]
        // The continuation bytes after the lead, and the range the first of them
        // must fall in (narrower than 80...BF where an overlong form, a surrogate
        // or a scalar beyond U+10FFFF would otherwise pass).
        let count: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (count, second) = (1, 0x80...0xBF)
        case 0xE0: (count, second) = (2, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (count, second) = (2, 0x80...0xBF)
        case 0xED: (count, second) = (2, 0x80...0x9F)
        case 0xF0: (count, second) = (3, 0x90...0xBF)
        case 0xF1...0xF3: (count, second) = (3, 0x80...0xBF)
        case 0xF4: (count, second) = (3, 0x80...0x8F)
        default: throw JSONError(.invalidUTF8, at: start)
        }
        guard start + count < bytes.count, second.contains(bytes[start + 1]) else {
            throw JSONError(.invalidUTF8, at: start)
        }
        for offset in stride(from: 2, through: count, by: 1) where bytes[start + offset] & 0xC0 != 0x80 {
            throw JSONError(.invalidUTF8, at: start)
        }
        return start + count + 1
    }
}
