/// How many search texts hold each pattern (`SearchGrams.candidates`), counted word by word:
/// what `SearchGrams.frequent` chooses from.
///
/// A sample of a list's texts repeats its words (names, companies, cities) thousands of
/// times: each distinct word's patterns are found once and kept as numbers, so a text costs
/// a look-up per word and a count per pattern, not a string per pattern. A phone's digits
/// (after `#`), nearly all distinct, are counted by patterns packed into integers.
struct PatternTally {
    /// Pattern numbers by pattern: all-digit patterns by `packed`, the others by text.
    private var numbers: [String: Int32] = [:]
    private var digitNumbers: [UInt64: Int32] = [:]
    /// The patterns, by number.
    private var patterns: [String] = []
    /// Per pattern, the texts that hold it, and the last text counted.
    private var counts: [Int] = []
    private var lastText: [Int] = []
    /// Each distinct word's patterns (by its exact scalars).
    private var words: [WordKey: [Int32]] = [:]
    /// The texts counted so far.
    private var texts = 0

    /// A word compared and hashed by its UTF-8 bytes, so that two spellings of a word
    /// (canonically equivalent, different scalars) keep their own patterns.
    private struct WordKey: Hashable {
        let word: Substring

        static func == (lhs: WordKey, rhs: WordKey) -> Bool { lhs.word.utf8.elementsEqual(rhs.word.utf8) }

        func hash(into hasher: inout Hasher) {
            let done: Void? = word.utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if done == nil { for byte in word.utf8 { hasher.combine(byte) } }
        }
    }

    /// Counts the patterns of one more search text, each once.
    mutating func count(_ text: String) {
        texts += 1
        for word in text.split(separator: " ") {
            if word.utf8.first == 0x23, word.utf8.count > 1, word.utf8.dropFirst().allSatisfy(Self.isDigit) {
                countDigits(word.utf8.dropFirst())
                continue
            }
            let key = WordKey(word: word)
            let found: [Int32]
            if let known = words[key] {
                found = known
            } else {
                found = patternNumbers(of: word)
                words[key] = found
            }
            for number in found { tally(number) }
        }
    }

    /// The patterns at least `least` texts hold, most held first (ties in byte order), at most `limit`.
    func frequent(least: Int, limit: Int) -> [String] {
        let kept = counts.indices.filter { counts[$0] >= least }.sorted {
            counts[$0] != counts[$1]
                ? counts[$0] > counts[$1]
                : Array(patterns[$0].utf8).lexicographicallyPrecedes(patterns[$1].utf8)
        }
        return kept.prefix(max(0, limit)).map { patterns[$0] }
    }

    private mutating func tally(_ number: Int32) {
        let index = Int(number)
        guard lastText[index] != texts else { return }
        lastText[index] = texts
        counts[index] += 1
    }

    /// The numbers of the patterns of a word (`SearchGrams.candidates` of it alone), each once.
    private mutating func patternNumbers(of word: Substring) -> [Int32] {
        var scalars = Array(word.unicodeScalars)
        var found: [Int32] = []
        func add(_ pattern: String) {
            let number = self.number(of: pattern)
            if !found.contains(number) { found.append(number) }
        }
        if scalars.first == "#" {
            scalars.removeFirst()
        } else {
            add("  " + String(String.UnicodeScalarView(scalars.prefix(1))))
            if scalars.count >= 2 { add(" " + String(String.UnicodeScalarView(scalars.prefix(2)))) }
        }
        guard scalars.count >= 3 else { return found }
        for start in 0...(scalars.count - 3) {
            for end in (start + 3)...min(scalars.count, start + SearchGrams.longest) {
                add(String(String.UnicodeScalarView(scalars[start..<end])))
            }
        }
        return found
    }

    /// Counts the parts of 3 to `SearchGrams.longest` digits of a run of ASCII digits.
    private mutating func countDigits(_ digits: Substring.UTF8View.SubSequence) {
        let digits = Array(digits)
        guard digits.count >= 3 else { return }
        for start in 0...(digits.count - 3) {
            var packed: UInt64 = 0
            for end in start..<min(digits.count, start + SearchGrams.longest) {
                packed = packed << 4 | UInt64(digits[end] - 0x2F)
                guard end - start >= 2 else { continue }
                if let number = digitNumbers[packed] {
                    tally(number)
                } else {
                    tally(newNumber(String(decoding: digits[start...end], as: UTF8.self), packed: packed))
                }
            }
        }
    }

    /// The number of `pattern`, a new one the first time.
    private mutating func number(of pattern: String) -> Int32 {
        if let packed = Self.packed(pattern) {
            return digitNumbers[packed] ?? newNumber(pattern, packed: packed)
        }
        if let known = numbers[pattern] { return known }
        return newNumber(pattern, packed: nil)
    }

    private mutating func newNumber(_ pattern: String, packed: UInt64?) -> Int32 {
        let number = Int32(patterns.count)
        patterns.append(pattern)
        counts.append(0)
        lastText.append(0)
        if let packed { digitNumbers[packed] = number } else { numbers[pattern] = number }
        return number
    }

    /// An all-digit pattern of up to 16 ASCII digits as an integer: 4 bits a digit, each
    /// digit plus one (so that leading zeros count); nil for any other pattern.
    private static func packed(_ pattern: String) -> UInt64? {
        guard pattern.utf8.count <= 16, pattern.utf8.allSatisfy(isDigit) else { return nil }
        return pattern.utf8.reduce(0) { $0 << 4 | UInt64($1 - 0x2F) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
