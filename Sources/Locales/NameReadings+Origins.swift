/// Where in a name each part of its reading comes from, for a search's marks: the same syllables
/// as `reading(of:surname:)`, each split into parts that name the UTF-8 range of the characters
/// they read (a Han character its syllable; a character of a romanized word its letters, when
/// the word reads as its characters read one by one, else the word its whole reading).
extension NameReadings {
    /// `reading(of:surname:)` with origins; nil when that is nil.
    /// - Complexity: as `reading(of:surname:)`, plus one transliteration per character of the
    ///   name's runs in other scripts (each kept by the transliterator once asked).
    public func readingWithOrigins(of name: String, surname: Bool) -> NameReadingOrigins? {
        guard name.unicodeScalars.contains(where: Self.needsReading) else { return nil }
        var result = NameReadingOrigins(syllables: [], hangulInitials: [])
        var run = String.UnicodeScalarView()
        var runStart = 0
        var offset = 0
        func endRun() {
            defer { run.removeAll() }
            guard !run.isEmpty, run.contains(where: Self.needsReading) else { return }
            result.syllables += romanizedWords(String(run), from: runStart)
        }
        var first = true
        for scalar in name.unicodeScalars {
            let range = offset..<(offset + UTF8.width(scalar))
            offset = range.upperBound
            if HangulInitials.isSyllable(scalar), let initial = HangulInitials.of(String(scalar)) {
                result.hangulInitials.append(.init(text: initial, range: range))
            }
            if Self.isHan(scalar) {
                endRun()
                let pinyin = first && surname ? hanSurname : han
                let syllable = pinyin(String(scalar)).filter { $0.isLetter }
                if !syllable.isEmpty { result.syllables.append([.init(text: syllable, range: range)]) }
            } else {
                if run.isEmpty { runStart = range.lowerBound }
                run.append(scalar)
            }
            if scalar.properties.isAlphabetic { first = false }
        }
        endRun()
        return result.syllables.isEmpty && result.hangulInitials.isEmpty ? nil : result
    }

    /// The words of `run` (starting at UTF-8 offset `start` of its name) romanized whole, as
    /// `reading(of:surname:)` reads them, each with its origins.
    private func romanizedWords(_ run: String, from start: Int) -> [[NameReadingOrigins.Part]] {
        let words = anyLatin(run).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        // The run's own words, each a list of its characters' ranges.
        var sources: [[(character: Character, range: Range<Int>)]] = []
        var word: [(character: Character, range: Range<Int>)] = []
        var offset = start
        for character in run {
            let range = offset..<(offset + character.utf8.count)
            offset = range.upperBound
            if character.isLetter || character.isNumber {
                word.append((character, range))
            } else if !word.isEmpty {
                sources.append(word)
                word = []
            }
        }
        if !word.isEmpty { sources.append(word) }
        guard sources.count == words.count else {
            return words.map { [.init(text: $0, range: start..<offset)] }
        }
        return zip(words, sources).map { word, source in
            let whole = source[0].range.lowerBound..<source[source.count - 1].range.upperBound
            let letters = source.map { anyLatin(String($0.character)).filter { $0.isLetter || $0.isNumber } }
            guard letters.joined() == word else { return [.init(text: word, range: whole)] }
            return zip(letters, source).compactMap { text, source in
                text.isEmpty ? nil : .init(text: text, range: source.range)
            }
        }
    }
}

/// A name's reading (`NameReading`) with the UTF-8 range in the name that each part reads.
public struct NameReadingOrigins: Hashable, Sendable {
    /// Some letters of a reading and the characters of the name they read.
    public struct Part: Hashable, Sendable {
        public var text: String
        public var range: Range<Int>

        public init(text: String, range: Range<Int>) {
            self.text = text
            self.range = range
        }
    }

    /// `NameReading.syllables`, each as its parts in order (their texts joined are the syllable).
    public var syllables: [[Part]]
    /// `NameReading.hangulInitials`, a part a syllable.
    public var hangulInitials: [Part]
}
