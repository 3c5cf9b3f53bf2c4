import Foundation
import Phones
import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// The search index against the rule of docs/api.md, "Search", worked out the slow way.
struct SearchTests {
    /// What the rule says of one contact and one query, by brute force.
    private static func finds(_ contact: (words: [String], digits: String), _ query: [String]) -> Bool {
        let (words, digits) = contact
        return query.allSatisfy { word in
            if word.unicodeScalars.count >= 3 {
                return words.contains { $0.contains(word) }
                    || (word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber) && digits.contains(word))
            }
            return words.contains { $0.hasPrefix(word) }
        }
    }

    @Test func wordsAreSplitAtWhatIsNotALetterOrDigitAndFolded() {
        #expect(SearchText.words("O'Brien") == ["o", "brien"])
        #expect(
            SearchText.words("Jean-Luc  ØSTERGÅRD ß ı Łukasz") == [
                "jean", "luc", "ostergard", "ss", "i", "lukasz",
            ])
        #expect(SearchText.words("(555) 123-4567") == ["555", "123", "4567"])
        #expect(SearchText.words("小林 Иван, ✉ a@b.co") == ["小林", "иван", "a", "b", "co"])
        #expect(SearchText.words(" ,.- ").isEmpty)
        #expect(SearchText.match([]) == nil)
    }

    @Test func theIndexAnswersAsTheRuleOverTenThousandSeededContacts() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 10_000, randomSeed: 5)
        let all = try store.contacts(at: 0..<10_000)
        var random = SeededRandom(seed: 17)
        // Queries: pieces of real words (starts, middles, 1 to 6 characters), digit runs
        // of phones, pairs, and words that match nothing.
        var queries: [[String]] = [["zzqx"], ["a"], ["an", "o"], ["5551"], ["555", "12"], ["ł"], ["inbox"]]
        for _ in 0..<150 {
            let contact = all[random.below(all.count)].fields
            let words = SearchText.fields.flatMap { SearchText.words(contact[text: $0]) }
            var query: [String] = []
            for _ in 0...random.below(2) {
                let word = Array(words[random.below(words.count)])
                let length = 1 + random.below(min(6, word.count))
                let start = random.below(2) == 0 ? 0 : random.below(word.count - length + 1)
                query.append(String(word[start..<(start + length)]))
            }
            if random.below(4) == 0 {
                let digits = Array(SearchText.digits(contact.phone))
                if digits.count >= 5 {
                    let start = random.below(digits.count - 3)
                    query = [String(digits[start..<min(digits.count, start + 3 + random.below(3))])]
                }
            }
            queries.append(query)
        }
        // The names' readings are words too (docs/api.md, "Search across scripts").
        let searched = all.map { contact in
            (
                SearchText.fields.flatMap { SearchText.words(contact.fields[text: $0]) }
                    + SearchText.readingWords(contact.fields),
                // The phone's digits and its E.164 form's, apart: no run spans both.
                SearchText.digits(contact.fields.phone) + "|"
                    + (PhoneNumbers.e164(contact.fields.phone, region: .unitedStates)?.dropFirst() ?? "")
            )
        }
        let largest = try store.largestID()
        #expect(largest == all.map(\.id).max())
        for query in queries {
            let found = Set(try store.search(query))
            // Split at an id, as a search over two connections does, the halves add up.
            let middle = 1 + random.below(largest)
            var halves = try store.matches(query, ids: 0...middle)
            halves.formUnion(try store.matches(query, ids: (middle + 1)...largest))
            #expect(Set(halves) == found, "\(query) split at \(middle)")
            let expected = Set(
                all.indices.filter { Self.finds(searched[$0], query) }.map { Int32(all[$0].id) })
            #expect(found == expected, "\(query): \(found.count) found, \(expected.count) expected")
        }
    }

    /// An import's commits merge nothing (a single write waiting for one would wait
    /// for the merge too): its segments stay as written until the step merges.
    @Test func anImportMergesNothingInItsCommitsAndLeavesItsSegmentsToTheStepMerges() throws {
        let folder = TestFolder()
        let store = try folder.store()
        let setting = { (name: String) in
            try store.database.integer("SELECT v FROM contact_search_config WHERE k = '\(name)'")
        }
        let segments = {
            try store.database.integer("SELECT count(DISTINCT segid) FROM contact_search_idx") ?? 0
        }
        let job = try SQLiteImport(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")), mode: .append)
        for line in 0..<3_000 {
            try job.add(ContactFields(firstName: "Step\(line)", lastName: "Merged"), line: line)
            if line % 300 == 299 { try job.waitsForRows() }
        }
        _ = try job.commit()
        // Shown, its segments not merged yet, the resting settings kept throughout.
        #expect(try setting("automerge") == 0)
        #expect(try setting("crisismerge") == SQLiteContactStore.crisisSegments)
        let written = try segments()
        #expect(written >= 8, "\(written) segments after 10 slices")
        try job.store.mergeSearchSegments()
        let merged = try segments()
        #expect(merged <= 3, "\(merged) segments after the step merges")
        #expect(try setting("automerge") == 0)
        #expect(try store.search(["step2999"]).count == 1)
    }

    /// FTS5 writes what it holds in memory to a segment of its own at every statement
    /// savepoint: an import's texts, a few dozen a step, must wait for their slice's
    /// commit instead (one segment a slice, not one a step).
    @Test func anImportsTextsGoToTheIndexASegmentASliceNotAStep() throws {
        let folder = TestFolder()
        let store = try folder.store()
        let writer = try SQLiteContactStore(writingTo: folder.file("roster.sqlite"))
        writer.longestSlice = 600
        let job = try SQLiteImport(store: writer, mode: .append)
        for line in 0..<3_000 {
            try job.add(ContactFields(firstName: "Slice\(line)", lastName: "Segment"), line: line)
            // The first 1,000 committed: the next rows' steps index them, 32 at a time.
            if line == 999 { try job.waitsForRows() }
        }
        _ = try job.commit()
        let segments = try store.database.integer("SELECT count(DISTINCT segid) FROM contact_search_idx") ?? 0
        #expect(segments <= 4, "\(segments) segments for 3,000 texts in 3 slices")
        #expect(try store.search(["slice2999"]).count == 1)
        #expect(try store.search(["slice17"]).count == 111)
    }

    @Test func writesAndImportsKeepTheIndexInStep() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 500, randomSeed: 5)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        let state = try store.listState()
        let added = try editor.insert(
            ContactFields(firstName: "Zébulon", lastName: "Quixwell", phone: "+1 (212) 555-0199"),
            base: { _ in state }, prepare: { _ in })
        let id = try #require(added.contact?.id)
        #expect(try store.search(["zeb"]) == [Int32(id)])
        #expect(try store.search(["2125550"]) == [Int32(id)])
        #expect(try store.search(["15"]).contains(Int32(id)) == false, "digits are not a word start")
        let renamed = try editor.update(
            id: id, base: { _ in added.state }, prepare: { _ in },
            change: {
                var fields = $0
                fields.lastName = "Quaxwell"
                return fields
            })
        #expect(try store.search(["quixwell"]).isEmpty)
        #expect(try store.search(["quax", "z"]) == [Int32(id)])
        _ = try editor.delete(id: id, base: { _ in renamed.state }, prepare: { _ in })
        #expect(try store.search(["quax"]).isEmpty)
        try store.add([ContactFields(firstName: "Imported", lastName: "Quaxley")])
        #expect(try store.search(["quaxl"]).count == 1)
    }
}

extension SQLiteContactStore {
    /// `matches(_:)` as an array in id order.
    fileprivate func search(_ words: [String]) throws -> [Int32] { Array(try matches(words)) }
}
