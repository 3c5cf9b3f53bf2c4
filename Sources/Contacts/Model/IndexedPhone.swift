import Phones

/// What a contact's search text (`SearchText.document`) holds of one phone number: its words
/// and its runs of digits, each part that finds the number indexed once.
///
/// The runs are the number's digits and, where they differ, its E.164 form's digits in the
/// list's region; where the E.164 digits end with the typed ones (`+1 555-123-4567` and
/// `(555) 123-4567` in the United States) every part of the typed digits is a part of the
/// E.164 form's, and only that run is kept. A word of 3 or more ASCII digits that a run holds
/// is kept as its first two: a search word of 3 or more characters matches any part of the
/// text, so the run answers for the word's parts, while a 1- or 2-character search word
/// matches word starts only (`SearchText.pattern(of:)`), which the first two answer. Every
/// search word finds the same contacts as when the whole words and both runs were indexed;
/// the text is some 10 trigrams shorter a phone.
public struct IndexedPhone: Sendable, Equatable {
    /// The phone's words as indexed, in order.
    public let words: [String]
    /// Its runs of digits (without the `#` before each), in order.
    public let runs: [String]

    /// The indexed parts of `phone`, its E.164 form read in `region`.
    /// - Complexity: O(its length), and a libphonenumber parse.
    public init(_ phone: String, region: PhoneRegion) {
        let digits = SearchText.digits(phone)
        var runs: [String] = []
        if let e164 = PhoneNumbers.e164(phone, region: region).map({ String($0.dropFirst()) }) {
            if !e164.hasSuffix(digits) && digits.count >= 3 { runs.append(digits) }
            runs.append(e164)
        } else if digits.count >= 3 {
            runs.append(digits)
        }
        self.init(words: SearchText.words(phone), runs: runs)
    }

    /// The indexed parts of a phone whose words and runs are known: each word a run holds
    /// shortened to its first two digits.
    public init(words: [String], runs: [String]) {
        self.runs = runs
        self.words = words.map { word in
            guard word.utf8.count > 2, word.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                runs.contains(where: { Self.holds($0, word) })
            else { return word }
            return String(word.prefix(2))
        }
    }

    /// Whether `run`'s bytes hold `word`'s (a few dozen bytes: compared in place, without
    /// Foundation's search).
    private static func holds(_ run: String, _ word: String) -> Bool {
        let run = Array(run.utf8)
        let word = Array(word.utf8)
        guard word.count <= run.count else { return false }
        for start in 0...(run.count - word.count) where run[start] == word[0] {
            if run[start..<(start + word.count)].elementsEqual(word) { return true }
        }
        return false
    }
}
