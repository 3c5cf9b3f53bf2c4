/// The chunk extensions of RFC 9112 7.1.1, checked after a chunk size:
/// `*( ";" [BWS] name [ [BWS] "=" [BWS] ( token / quoted-string ) ] )`, with
/// white space after a `;` and around `=` as the RFC allows, never before a `;`
/// (h11 and llhttp disagree there, so Roster takes the stricter side).
///
/// Roster reads no extension, but it must end each one where every other parser
/// does: an unterminated quoted string, an empty name or value, or a byte that
/// is neither token nor quoted text is refused, since a parser that reads such
/// a line differently (a quote running past the line end, say) would find
/// another chunk boundary, and a request could be hidden in the difference.
enum ChunkExtensions {
    /// Whether `bytes` (what follows the size on its line, CRLF excluded) are
    /// zero or more valid extensions.
    static func areValid(_ bytes: UnsafeRawBufferPointer.SubSequence) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        func skipWhiteSpace() {
            while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        func token() -> Bool {
            let start = index
            while index < end, RequestParser.isTokenByte(bytes[index]) { index += 1 }
            return index > start
        }
        while index < end {
            guard bytes[index] == UInt8(ascii: ";") else { return false }
            index += 1
            skipWhiteSpace()
            guard token() else { return false }
            let afterName = index
            skipWhiteSpace()
            guard index < end, bytes[index] == UInt8(ascii: "=") else {
                index = afterName
                guard index == end || bytes[index] == UInt8(ascii: ";") else { return false }
                continue
            }
            index += 1
            skipWhiteSpace()
            if index < end, bytes[index] == UInt8(ascii: "\"") {
                guard quotedString(bytes, &index) else { return false }
            } else {
                guard token() else { return false }
            }
            guard index == end || bytes[index] == UInt8(ascii: ";") else { return false }
        }
        return true
    }

    /// A quoted-string from `index` (its opening quote) past its closing quote:
    /// qdtext (HTAB, SP, visible characters but `"` and `\`, obs-text) and
    /// quoted-pairs (`\` and HTAB, SP, a visible character or obs-text).
    private static func quotedString(_ bytes: UnsafeRawBufferPointer.SubSequence, _ index: inout Int) -> Bool
    {
        index += 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.endIndex, isQuotable(bytes[index + 1]) else { return false }
                index += 2
            default:
                guard isQuotable(byte) else { return false }
                index += 1
            }
        }
        return false  // no closing quote on the line
    }

    private static func isQuotable(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x20 || (byte >= 0x21 && byte != 0x7F)
    }
}
