/// The text encodings a contacts file arrives in, as `ContactFileSniffer` tells
/// them apart from the file's first bytes, and what `UTF8Transcoder` decodes.
///
/// The rule for a file that is not UTF-8: it is read as Windows-1252 as a whole,
/// never half one and half the other. The sniffed prefix decides: valid UTF-8
/// with non-ASCII text in it is `utf8` (an invalid sequence found later is that
/// row's error, "not valid UTF-8"; the file is not re-read); an invalid sequence
/// in it is `windows1252`; nothing but ASCII is `ascii`, and then the first
/// non-ASCII sequence of the file decides for the whole file: valid UTF-8 makes it
/// UTF-8, anything else Windows-1252 (what came before was ASCII, the same in
/// both, so no byte is ever read in two encodings).
public enum CSVTextEncoding: String, Hashable, Sendable, CaseIterable {
    case utf8
    case utf8WithBOM
    case utf16LittleEndian
    case utf16BigEndian
    case windows1252
    /// Only ASCII in the sniffed prefix: UTF-8 or Windows-1252 as the first
    /// non-ASCII sequence decides.
    case ascii

    /// The name a person reads in the import preview.
    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf8WithBOM: "UTF-8 with BOM"
        case .utf16LittleEndian: "UTF-16 LE"
        case .utf16BigEndian: "UTF-16 BE"
        case .windows1252: "Windows-1252"
        case .ascii: "ASCII (UTF-8)"
        }
    }
}

/// Windows-1252: bytes 0x80-0x9F as the WHATWG Encoding Standard maps them (the
/// five it leaves undefined map to the C1 control of the same number), the rest
/// as ISO-8859-1.
enum Windows1252 {
    static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// The Unicode scalar value of `byte`.
    @inline(__always)
    static func scalar(_ byte: UInt8) -> UInt32 {
        byte >= 0x80 && byte < 0xA0 ? UInt32(high[Int(byte) - 0x80]) : UInt32(byte)
    }
}

extension Array where Element == UInt8 {
    /// Appends `scalar` as UTF-8 (U+FFFD for a value that is no scalar).
    @inline(__always)
    mutating func appendUTF8(_ scalar: UInt32) {
        var value = scalar
        if value >= 0xD800 && value < 0xE000 || value > 0x10FFFF { value = 0xFFFD }
        switch value {
        case ..<0x80:
            append(UInt8(value))
        case ..<0x800:
            append(UInt8(0xC0 | value >> 6))
            append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            append(UInt8(0xE0 | value >> 12))
            append(UInt8(0x80 | value >> 6 & 0x3F))
            append(UInt8(0x80 | value & 0x3F))
        default:
            append(UInt8(0xF0 | value >> 18))
            append(UInt8(0x80 | value >> 12 & 0x3F))
            append(UInt8(0x80 | value >> 6 & 0x3F))
            append(UInt8(0x80 | value & 0x3F))
        }
    }
}
