/// How a name written in another script than Latin reads in Latin letters, for search: pinyin
/// syllables for Han characters (a surname's first character read as a surname: 单 shan, 曾
/// zeng), ICU's romanization for Cyrillic, Greek, kana, Hangul and the rest, and the initial
/// consonants of Hangul. Latin names have none: folding finds them already.
///
/// Han characters are read one at a time and each answer kept, so a million names cost a few
/// thousand ICU calls (one costs about 30 us); other runs are kept whole.
public final class NameReadings: Sendable {
    let anyLatin: Transliterator
    let han: Transliterator
    let hanSurname: Transliterator

    /// The readings every list uses: transliteration does not depend on the list's locale.
    public static let shared: NameReadings? = try? NameReadings()

    /// Readings through ICU's Any-Latin, Han-Latin and Han-Latin/Names, folded to ASCII lower case.
    public init() throws {
        anyLatin = try Transliterator(id: "Any-Latin; Latin-ASCII; Lower")
        han = try Transliterator(id: "Han-Latin; Latin-ASCII; Lower")
        hanSurname = try Transliterator(id: "Han-Latin/Names; Latin-ASCII; Lower")
    }

    /// A name's reading: its Latin syllables in order (a Han character each, or the words of a
    /// romanized run), and the initial consonants of its Hangul; nil for a name all in Latin
    /// letters (or digits, marks and punctuation).
    public func reading(of name: String, surname: Bool) -> NameReading? {
        guard name.unicodeScalars.contains(where: Self.needsReading) else { return nil }
        var reading = NameReading(syllables: [], hangulInitials: HangulInitials.of(name) ?? "")
        var run = String.UnicodeScalarView()
        func endRun() {
            guard !run.isEmpty else { return }
            if run.contains(where: Self.needsReading) {
                reading.syllables += anyLatin(String(run)).split { !$0.isLetter && !$0.isNumber }.map(
                    String.init)
            }
            run.removeAll()
        }
        var first = true
        for scalar in name.unicodeScalars {
            if Self.isHan(scalar) {
                endRun()
                let pinyin = first && surname ? hanSurname : han
                let syllable = pinyin(String(scalar)).filter { $0.isLetter }
                if !syllable.isEmpty { reading.syllables.append(syllable) }
            } else {
                run.append(scalar)
            }
            if scalar.properties.isAlphabetic { first = false }
        }
        endRun()
        return reading.syllables.isEmpty && reading.hangulInitials.isEmpty ? nil : reading
    }

    /// Whether `scalar` is a letter outside the Latin script's blocks.
    static func needsReading(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x370 && scalar.properties.isAlphabetic && !(0x1E00...0x1EFF).contains(scalar.value)
            && !(0xFF21...0xFF5A).contains(scalar.value)
    }

    /// Whether `scalar` is a CJK unified ideograph (a Han character).
    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
        default: false
        }
    }
}

/// A name's Latin reading (see `NameReadings`).
public struct NameReading: Hashable, Sendable {
    /// The Latin syllables or words, in the name's order, lower case ASCII.
    public var syllables: [String]
    /// The initial consonants of its Hangul syllables (empty for none).
    public var hangulInitials: String
}
