import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Single writes leave the search index's segments unmerged (no write pays for a
/// merge), and `mergeSearchStep` merges them in short steps without changing what
/// a search finds.
struct SearchMergeTests {
    /// The rows of the index's segment pages: one more per segment a commit writes.
    private static func pages(_ store: SQLiteContactStore) throws -> Int {
        try store.database.integer("SELECT count(*) FROM contact_search_data") ?? 0
    }

    @Test func writesAddSegmentsThatStepsMergeAwayWithTheSameMatches() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 2_000, randomSeed: 8)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        try editor.store.deferSearchMerges()
        #expect(try editor.upkeepStep() == false, "a seeded index is merged already")
        var state = try store.listState()
        let seeded = try Self.pages(store)
        for step in 0..<40 {
            let outcome = try editor.insert(
                ContactFields(firstName: "Merge\(step)", lastName: "Quillworth"),
                base: { _ in state }, prepare: { _ in })
            state = outcome.state
        }
        let written = try Self.pages(store)
        #expect(written >= seeded + 40, "each commit wrote a segment of its own, merging none")
        let before = Array(try store.matches(["quillw"]))
        #expect(before.count == 40)
        var steps = 0
        while try editor.upkeepStep() {
            steps += 1
            #expect(steps < 1_000, "merging ends")
            if steps >= 1_000 { break }
        }
        #expect(steps > 0)
        #expect(try Self.pages(store) < written, "the steps merged segments")
        #expect(Array(try store.matches(["quillw"])) == before)
        #expect(try store.matches(["merge37"]).count == 1)
    }
}
