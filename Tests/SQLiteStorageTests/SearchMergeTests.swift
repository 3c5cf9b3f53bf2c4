import SQLiteTestSupport
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

    /// FTS5 keeps at most 2,000 segments and refuses the next with SQLITE_FULL ("database
    /// or disk is full"), and caps `crisismerge` at 1,999: with merges deferred, a merge's
    /// output on another level, and no pause for the upkeep, the 2,000th commit to write
    /// a segment failed as a full disk. Each of an import's slices and each single write
    /// beside it write one: well past 2,000 of them here, with no upkeep step between.
    @Test func writesBesideAnImportNeverFindTheIndexFull() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 2_000, randomSeed: 9)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")))
        try editor.store.deferSearchMerges()
        var state = try store.listState()
        let write = { (name: String) in
            state = try editor.insert(
                ContactFields(firstName: name, lastName: "Besideworth"), base: { _ in state },
                prepare: { _ in }
            ).state
        }
        // A few writes that the upkeep merges: a segment on a level above the new ones'.
        for step in 0..<8 { try write("Early\(step)") }
        while try editor.upkeepStep() {}
        let job = try SQLiteImport(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")), mode: .append)
        let rounds = 1_100
        var most = 0
        for round in 0..<rounds {
            // A slice that indexes its step of texts (a segment), then a single write (another).
            for line in 0...SQLiteImport.textsAStep {
                let row = round * (SQLiteImport.textsAStep + 1) + line
                try job.add(ContactFields(firstName: "Wave\(row)", lastName: "Imported"), line: row + 2)
            }
            try job.waitsForRows()
            try write("Beside\(round)")
            most = max(most, try store.searchSegments())
        }
        #expect(most < 2_000, "\(most) segments at most")
        state = try job.commit()
        let imported = rounds * (SQLiteImport.textsAStep + 1)
        #expect(state.total == 2_000 + 8 + rounds + imported)
        #expect(try store.matches(["wave\(imported - 1)"]).count == 1)
        #expect(try store.matches(["besideworth"]).count == 8 + rounds)
    }

    /// An import's segments are merged by the writer's upkeep, in the pauses of single writes,
    /// not at once as the import settles: a write that came during a merge step waited for all
    /// of it (up to 100 ms a step after 200,000 contacts into 1,000,000).
    @Test func settlingAnImportLeavesItsSegmentsToTheUpkeep() throws {
        let folder = TestFolder()
        let path = folder.file("roster.sqlite")
        let backend = SQLiteBackend(path: path, migrations: TestFolder.migrations, locale: "en")
        try backend.seed(count: 2_000, randomSeed: 10, notesPercent: 0, progress: { _ in })
        let target = try SQLiteContactStore(writingTo: path)
        let job = try SQLiteImport(store: target, mode: .append)
        for round in 0..<12 {
            // A slice that indexes its step of texts: a segment each.
            for line in 0...SQLiteImport.textsAStep {
                let row = round * (SQLiteImport.textsAStep + 1) + line
                try job.add(ContactFields(firstName: "Settle\(row)", lastName: "Imported"), line: row + 2)
            }
            try job.waitsForRows()
        }
        _ = try job.commit()
        let segments = try target.searchSegments()
        #expect(segments > 1)
        #expect(backend.settleImport(target))
        #expect(try target.searchSegments() == segments, "settling merged nothing")
        let editor = SQLiteContactEditor(store: try SQLiteContactStore(writingTo: path))
        while try editor.upkeepStep() {}
        #expect(try target.searchSegments() < segments, "the upkeep merged them")
        #expect(try target.matches(["settle\(12 * (SQLiteImport.textsAStep + 1) - 1)"]).count == 1)
    }
}
