/// A whole name ("Georgios Papadakis-Noor", "Dr. Ana María de la Cruz Jr.",
/// "Papadakis-Noor, Georgios") split into its parts as a person would, for files
/// that give only a Name or Display Name column:
///
/// - "Last, First Middle" when a comma comes after the first word and what
///   follows it is not a suffix ("Smith, Jr." is John Smith's suffix);
/// - a leading title (Dr., Prof., Mr., Mrs., Ms., Mx., Herr, Frau, M., Mme...)
///   is the prefix and trailing ones (Jr., Sr., II, III, IV, PhD, MD, Esq.) the
///   suffix, when a name remains;
/// - the last name is the last word, or starts at the first particle after the
///   first word ("van der Berg", "de la Cruz", "von Trapp", "al-", "bin",
///   "ter"...); the first name is the first word and the words between are
///   middle names;
/// - one word is a first name (a single name, or a script written without spaces).
public struct PersonName: Hashable, Sendable {
    public var prefix = ""
    public var first = ""
    public var middle = ""
    public var last = ""
    public var suffix = ""

    public init(
        prefix: String = "", first: String = "", middle: String = "", last: String = "", suffix: String = ""
    ) {
        self.prefix = prefix
        self.first = first
        self.middle = middle
        self.last = last
        self.suffix = suffix
    }

    static let prefixes: Set<String> = [
        "dr", "dr.", "prof", "prof.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "mx", "mx.", "miss", "sir",
        "dame",
        "herr", "frau", "m.", "mme", "mme.", "mlle", "mlle.", "sr.", "sra.", "dott.", "ing.", "rev.", "fr.",
    ]
    static let suffixes: Set<String> = [
        "jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "v", "phd", "ph.d.", "md", "m.d.", "esq", "esq.", "dds",
        "mba", "cpa",
    ]
    static let particles: Set<String> = [
        "van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "des", "la", "le", "ter", "ten",
        "zu", "dos", "das", "do", "bin", "ibn", "al", "el", "st.", "mac", "ó", "o'", "y",
    ]

    /// The parts of `name`.
    public init(splitting name: String) {
        let text = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let comma = text.firstIndex(of: ",") {
            let before = String(text[..<comma]).trimmingCharacters()
            let after = String(text[text.index(after: comma)...]).trimmingCharacters()
            let afterWords = after.split(separator: " ").map(String.init)
            if !before.isEmpty && !after.isEmpty
                && !afterWords.allSatisfy({ Self.suffixes.contains($0.lowercased()) })
            {
                self.init(splitting: after)
                let inner = PersonName(splitting: before)
                // "Cruz, Ana María": the words after the comma are first and middle names.
                middle = [first == "" ? "" : middle, last].filter { !$0.isEmpty }.joined(separator: " ")
                last = [inner.first, inner.middle, inner.last].filter { !$0.isEmpty }.joined(separator: " ")
                if prefix.isEmpty { prefix = inner.prefix }
                if suffix.isEmpty { suffix = inner.suffix }
                return
            }
            self.init(splitting: before)
            suffix = ([suffix] + afterWords).filter { !$0.isEmpty }.joined(separator: " ")
            return
        }
        var words = text.split(separator: " ").map(String.init)
        self.init()
        while words.count > 1, Self.prefixes.contains(words[0].lowercased()) {
            prefix += (prefix.isEmpty ? "" : " ") + words.removeFirst()
        }
        var trailing: [String] = []
        while words.count > 1, let word = words.last, Self.suffixes.contains(word.lowercased()) {
            trailing.insert(words.removeLast(), at: 0)
        }
        suffix = trailing.joined(separator: " ")
        guard let firstWord = words.first else { return }
        first = firstWord
        guard words.count > 1 else { return }
        let start =
            words.indices.dropFirst().first { index in
                index < words.count - 1 && Self.particles.contains(words[index].lowercased())
            } ?? words.count - 1
        middle = words[1..<start].joined(separator: " ")
        last = words[start...].joined(separator: " ")
    }
}
