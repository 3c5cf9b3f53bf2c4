/// Names for a card that has an FN but no N (or an empty one), split as a
/// person would read them.
///
/// The FN's words (split on whitespace) are taken from both ends: leading
/// honorifics ("Dr.", "Mr", "Mrs.", "Ms", "Prof.", "Sir", "Mme", "Herr", ...;
/// several may follow each other) are the prefix, trailing ones ("Jr.", "Sr.",
/// "II", "III", "PhD", "MD", "Esq.", ...) the suffix, a comma before them
/// dropped. "Last, First Middle" (a comma left) is read in that order. Of the
/// words left, the first is the first name; the last name is the last word, or
/// from the first particle on ("de", "la", "van", "von", "der", "di", "da",
/// "du", "le", "bin", "al", "dos", "ten", "ter", ...) when one stands after the
/// first name and before the last word; the words between are the middle name.
/// "Dr. Ana María de la Cruz Jr." is prefix "Dr.", first "Ana", middle "María",
/// last "de la Cruz", suffix "Jr.". One word is a first name. The FN itself is
/// kept (in `other`) whenever the names so split do not spell it again.
enum VCardNameSplitter {
    private static let prefixes: Set<String> = [
        "dr", "mr", "mrs", "ms", "miss", "mx", "prof", "sir", "dame", "rev", "fr", "hon", "lord", "lady",
        "mme", "mlle", "herr", "frau", "sr", "sra", "srta", "dott", "dottssa", "ing", "mag", "capt",
    ]
    private static let suffixes: Set<String> = [
        "jr", "sr", "ii", "iii", "iv", "phd", "ph.d", "md", "m.d", "esq", "dds", "cpa", "mba", "obe",
        "mbe", "jd", "rn",
    ]
    private static let particles: Set<String> = [
        "de", "la", "le", "del", "della", "des", "di", "da", "du", "dos", "das", "do", "van", "von", "der",
        "den", "ten", "ter", "bin", "ibn", "al", "el", "st.", "san", "y",
    ]

    private static func key(_ word: Substring) -> String {
        var word = word.lowercased()
        while word.hasSuffix(".") || word.hasSuffix(",") { word.removeLast() }
        return word
    }

    /// Sets `card`'s name fields from `formatted`.
    static func split(_ formatted: String, into card: inout ContactCard) {
        var words = formatted.split(whereSeparator: \.isWhitespace)
        var prefix: [Substring] = []
        var suffix: [Substring] = []
        while words.count > 1, prefixes.contains(key(words[0])), !words[0].hasSuffix(",") {
            prefix.append(words.removeFirst())
        }
        while words.count > 1, suffixes.contains(key(words[words.count - 1])) {
            suffix.insert(words.removeLast(), at: 0)
        }
        if let last = words.last, last.hasSuffix(","), !suffix.isEmpty {
            words[words.count - 1] = last.dropLast()
        }
        card.prefix = prefix.joined(separator: " ")
        card.suffix = suffix.joined(separator: " ")
        if let comma = words.firstIndex(where: { $0.hasSuffix(",") }), comma < words.count - 1 {
            var last = words[...comma]
            last[comma] = last[comma].dropLast()
            card.lastName = last.joined(separator: " ")
            card.firstName = String(words[comma + 1])
            card.middleName = words[(comma + 2)...].joined(separator: " ")
            return
        }
        guard let first = words.first else { return }
        card.firstName = String(first)
        guard words.count > 1 else { return }
        var lastStart = words.count - 1
        if let particle = words[1..<(words.count - 1)].firstIndex(where: { particles.contains(key($0)) }) {
            lastStart = particle
        }
        card.middleName = words[1..<lastStart].joined(separator: " ")
        card.lastName = words[lastStart...].joined(separator: " ")
    }
}
