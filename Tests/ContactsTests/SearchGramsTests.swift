import Phones
import Testing

@testable import Contacts

/// The patterns' automaton against a plain substring search, and the choice of
/// frequent patterns against counting by hand.
struct SearchGramsTests {
    /// Whether `text` holds `pattern`, byte by byte.
    private static func holds(_ text: String, _ pattern: String) -> Bool {
        let text = Array(text.utf8)
        let pattern = Array(pattern.utf8)
        guard pattern.count <= text.count else { return false }
        return (0...(text.count - pattern.count)).contains {
            Array(text[$0..<($0 + pattern.count)]) == pattern
        }
    }

    @Test func theAutomatonFindsExactlyThePatternsATextHolds() {
        var random = SeededRandom(seed: 9)
        // Overlapping patterns, one the suffix or prefix of another, and other scripts.
        let alphabet: [String] = ["a", "b", "n", " ", "#", "5", "ø", "東", "é"]
        var patterns = [
            "  a", " an", "ana", "anan", "nan", "n", "555", "5", "#55", "ø東", "東", " é", "banana",
        ]
        for _ in 0..<60 {
            patterns.append(
                (0..<(1 + random.below(5))).map { _ in alphabet[random.below(alphabet.count)] }.joined())
        }
        patterns = Array(Set(patterns)).sorted()
        let matcher = GramMatcher(patterns: patterns)
        for round in 0..<400 {
            let text = (0..<random.below(40)).map { _ in alphabet[random.below(alphabet.count)] }.joined()
            let expected = patterns.indices.filter { Self.holds(text, patterns[$0]) }
            #expect(matcher.matches(in: text) == expected, "round \(round): '\(text)'")
        }
        #expect(GramMatcher(patterns: []).matches(in: "anything").isEmpty)
    }

    @Test func aWordMatchesATextExactlyWhenTheTextHoldsItsPattern() {
        let document = SearchText.document(
            ContactFields(
                firstName: "Anna-Lena", lastName: "O'Brien", email: "anna@example.org",
                phone: "(555) 123-4567"), region: .unitedStates)
        // The phone's E.164 form's digits (in the United States), which end with the typed
        // ones, and the first two digits of its words (`IndexedPhone`).
        #expect(document == "  anna  lena  o  brien  anna  example  org  55  12  45  #15551234567")
        let candidates = SearchGrams.candidates(in: document)
        for word in [
            "a", "an", "ann", "nna", "le", "o", "br", "rie", "example", "xampl", "55", "512", "1234567",
        ] {
            let pattern = SearchText.pattern(of: word)
            #expect(candidates.contains(pattern) == Self.holds(document, pattern), "\(word)")
            #expect(candidates.contains(pattern), "\(word)")
        }
        // Not a word start, not across words, not the phone mark, no longer than 16 characters.
        for pattern in [" nn", "  n", "aan", "#55", "  5551", "5551234567", "5551234567123456789"] {
            #expect(!candidates.contains(pattern) || Self.holds(document, pattern), "\(pattern)")
        }
        #expect(!candidates.contains(" nn") && !candidates.contains("aan") && !candidates.contains("#55"))
        #expect(candidates.contains("5551234567"))
    }

    @Test func frequentPatternsAreThoseEnoughTextsHold() {
        let documents = (0..<200).map { index in
            SearchText.document(
                ContactFields(
                    firstName: index % 2 == 0 ? "Anna" : "Ben", lastName: index % 10 == 0 ? "Smith" : "Kim",
                    phone: "555-\(1000 + index)"), region: .unitedStates)
        }
        let frequent = SearchGrams.frequent(in: documents, share: 0.1, limit: 1_000)
        var counts: [String: Int] = [:]
        for document in documents {
            for pattern in SearchGrams.candidates(in: document) { counts[pattern, default: 0] += 1 }
        }
        #expect(Set(frequent) == Set(counts.filter { $0.value >= 20 }.keys))
        #expect(frequent.contains("555") && frequent.contains("  s") && frequent.contains("smith"))
        #expect(!frequent.contains("1042"))
        // Most held first, and no more than asked.
        #expect(frequent.first.map { counts[$0] } == 200)
        #expect(zip(frequent, frequent.dropFirst()).allSatisfy { counts[$0.0]! >= counts[$0.1]! })
        #expect(SearchGrams.frequent(in: documents, share: 0.1, limit: 3).count == 3)
        #expect(SearchGrams.frequent(in: Array(documents.prefix(50)), share: 0.1, limit: 9).isEmpty)
    }

    /// The patterns as counted from each document's `candidates`, in the same order: on demo
    /// contacts' texts (names in several scripts, phone digits), and on texts with `#` before
    /// letters, digit runs longer than a pattern and too short for one.
    @Test func frequentPatternsAreTheCandidatesCountedInTheSameOrder() throws {
        let generator = SyntheticContacts(seed: 2)
        let ordered = generator.drawsInListOrder(count: 3_000, in: .english).draws
        var documents = ordered.enumerated().map { row, draw in
            SearchText.document(generator.fields(of: draw, row: row), region: .unitedStates)
        }
        documents += (0..<300).map { index in
            ["  caf\u{E9}  cafe", "  #ab12  #1234567890123456789", "  x  #12", "  \u{6771}\u{4EAC}  #"][
                index % 4]
                + "  #55501\(index % 7)"
        }
        func reference(share: Double, limit: Int) -> [String] {
            let least = max(1, Int((share * Double(documents.count)).rounded(.up)))
            var counts: [String: Int] = [:]
            for document in documents {
                for pattern in SearchGrams.candidates(in: document) { counts[pattern, default: 0] += 1 }
            }
            return counts.filter { $0.value >= least }.sorted {
                $0.value != $1.value
                    ? $0.value > $1.value : Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8)
            }.prefix(limit).map(\.key)
        }
        for (share, limit) in [(0.001, 100_000), (0.01, 1_024), (0.05, 1_024), (0.2, 10)] {
            let frequent = SearchGrams.frequent(in: documents, share: share, limit: limit)
            #expect(frequent == reference(share: share, limit: limit), "share \(share)")
            #expect(!frequent.isEmpty)
        }
    }
}
