import Foundation

/// Folds names for matching and search: case and accents removed, so "Émile", "emile" and
/// "EMILE" are one name to an import's merge and to search (the list's order and sections are
/// the locale's collation's: `ContactSortKey`).
///
/// ASCII takes a byte-by-byte fast path; other text is decomposed (NFD), its
/// combining marks dropped and its letters lowercased, with a table for the Latin
/// letters that have no decomposition (ø, ł, æ, ß...). Scripts without a Latin
/// form (CJK, Cyrillic, emoji...) keep their own lowercased characters.
public enum NameFolding {
    /// `name` folded to UTF-8 bytes, leading and trailing white space dropped.
    /// - Complexity: O(name length).
    public static func fold(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var allASCII = true
        for byte in name.utf8 {
            if byte >= 0x80 {
                allASCII = false
                break
            }
            if byte == 0 { continue }  // the sort key uses 0x00 as its separator
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        if !allASCII {
            bytes.removeAll(keepingCapacity: true)
            foldUnicode(name, into: &bytes)
        }
        return trimmed(bytes)
    }

    /// Letters with no canonical decomposition, and their Latin folding.
    private static let latinSpecials: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe",
        "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th",
        "ı": "i", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "ŀ": "l", "Ŀ": "l", "ŉ": "n",
        "ĸ": "k", "ſ": "s",
    ]

    private static func foldUnicode(_ name: String, into bytes: inout [UInt8]) {
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar == "\u{0}" { continue }
            bytes.append(contentsOf: folded(scalar).utf8)
        }
    }

    /// One scalar of decomposed text, folded: a Latin special's letters, else its
    /// lower case. (Combining marks are the caller's to drop.)
    static func folded(_ scalar: Unicode.Scalar) -> String {
        if scalar.isASCII {
            let value = scalar.value
            return String(UnicodeScalar(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)!)
        }
        return latinSpecials[scalar] ?? scalar.properties.lowercaseMapping
    }

    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        if start == 0 && end == bytes.count - 1 { return bytes }
        return Array(bytes[start...end])
    }
}
