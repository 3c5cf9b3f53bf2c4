/// The initial consonants of Hangul syllables, as Korean users type them to find a name
/// (`ㄱㅁㅈ` for 김민준): each precomposed syllable's leading jamo, as the compatibility jamo a
/// keyboard gives. Arithmetic on the Unicode block, no table of names.
public enum HangulInitials {
    /// The compatibility jamo of the 19 leading consonants, in Unicode's syllable order.
    private static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// Whether `scalar` is a precomposed Hangul syllable (U+AC00...U+D7A3).
    public static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAC00 && scalar.value <= 0xD7A3
    }

    /// The initial consonants of `text`'s syllables, in order; nil when it has none.
    public static func of(_ text: String) -> String? {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isSyllable(scalar) {
            result.append(initials[Int(scalar.value - 0xAC00) / 588])
        }
        return result.isEmpty ? nil : String(result)
    }
}
