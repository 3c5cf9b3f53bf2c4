import SQLiteTestSupport
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

/// Notes to lines against the rule worked out by hand and a brute-force wrap.
struct NoteLinesTests {
    @Test func linesBreakAtLineBreaksAndWrapAtTheWidthUpToThree() {
        #expect(NoteLines.lines("").isEmpty)
        #expect(NoteLines.lines("  \n\t \r\n ").isEmpty, "blank notes show no line")
        #expect(NoteLines.lines("Met at the  conference ") == ["Met at the conference"])
        #expect(NoteLines.lines("one\n\ntwo\r\nthree") == ["one", "two", "three"], "blank lines are skipped")
        #expect(NoteLines.lines("a\nb\nc\nd e") == ["a", "b", "c d e"], "the third line takes the rest")
        let word = String(repeating: "x", count: 100)
        #expect(NoteLines.lines(word) == [word], "a long word is one line")
        #expect(NoteLines.lines("ab " + word + " cd") == ["ab", word, "cd"])
        let sixty = String(repeating: "y", count: 60)
        #expect(NoteLines.lines(sixty + " z") == [sixty, "z"])
        #expect(
            NoteLines.lines(String(repeating: "y", count: 58) + " z") == [
                String(repeating: "y", count: 58) + " z"
            ])
        #expect(NoteLines.count("é è ü 東京") == 1)
    }

    @Test func randomNotesWrapAsAGreedyModelSays() {
        var random = SeededRandom(seed: 31)
        let pieces = [
            "a", "word", "longerword", "é", "東京", String(repeating: "q", count: 70), "\n", "  ", "\t",
        ]
        for _ in 0..<2_000 {
            var notes = ""
            for _ in 0..<random.below(40) {
                notes += pieces[random.below(pieces.count)]
                notes += random.below(3) == 0 ? "" : " "
            }
            let lines = NoteLines.lines(notes)
            #expect(lines.count <= NoteLines.maximum)
            #expect(lines.allSatisfy { !$0.isEmpty && $0.first != " " && $0.last != " " })
            // All words are kept, in order.
            #expect(
                lines.joined(separator: " ").split(separator: " ")
                    == notes.split(whereSeparator: \.isWhitespace))
            // Every line but the last of three fits, or is one word.
            for line in lines.prefix(NoteLines.maximum - 1) {
                #expect(line.count <= NoteLines.width || !line.contains(" "), "\(line)")
            }
        }
    }
}

/// Every way contacts come in stores their rows' notes lines.
struct StoredNoteLinesTests {
    @Test func seedsAndImportsStoreTheLinesTheirNotesShow() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 2_000, randomSeed: 8)
        try store.add([
            ContactFields(firstName: "Ann", notes: "a\nb"),
            ContactFields(firstName: "Bo", notes: "x\ny\nz\nw"),
        ])
        let order = try store.listState().order
        let contacts = try store.contacts(at: 0..<order.count, in: order)
        #expect(order.allEntries.map { Int($0.lines) } == contacts.map { NoteLines.count($0.fields.notes) })
        let shares = (1...3).map { lines in order.allEntries.filter { $0.lines == lines }.count }
        #expect(shares.allSatisfy { $0 > 0 }, "\(shares)")
        let share = Double(shares.reduce(0, +)) / Double(order.count)
        #expect(share > 0.15 && share < 0.25, "about one contact in five has notes: \(share)")

        let plain = TestFolder()
        let none = try plain.store()
        try none.seed(count: 500, randomSeed: 8, notesPercent: 0)
        #expect(try none.listState().order.lines == 0)
    }
}

/// Lines counted at start reach a contact whose stored sort key this version would
/// fold otherwise (found by id, as a removal does), and a failed pin leaves no
/// transaction open.
struct NoteLinesStoredKeyTests {
    @Test func aContactWhoseStoredKeyFoldsOtherwiseStillGetsItsLines() throws {
        let folder = TestFolder()
        let store = try folder.store()
        try store.seed(count: 50, randomSeed: 2, notesPercent: 0)
        let id = Int(try store.listState().order[10].id)
        // The key as an older folding stored it (one byte more), the notes written since.
        try store.database.execute(
            """
            UPDATE contact_order SET sort_key = sort_key || x'01' WHERE id = \(id);
            UPDATE contacts SET \(ContactField.notes.name) = 'one' || char(10) || 'two' WHERE id = \(id);
            UPDATE roster_meta SET value = 0 WHERE key = 'lines_built';
            """)
        try store.countNoteLinesIfNeeded()
        let entry = try #require(try store.listState().order.allEntries.first { Int($0.id) == id })
        #expect(entry.lines == 2)
    }

    @Test func aPinWhoseReadFailsLeavesNoTransactionOpen() throws {
        let folder = TestFolder()
        let path = folder.file("bare.sqlite")
        try SQLiteDatabase(path: path).execute("CREATE TABLE t (x)")  // a database without roster_meta
        let store = try SQLiteContactStore(readingFrom: path)
        for _ in 0..<2 {
            #expect {
                try store.pin()
            } throws: { error in
                "\(error)".contains("roster_meta")
            }
        }
    }
}
