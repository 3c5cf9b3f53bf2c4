import TestSupport
import Testing

@testable import SQLiteStorage

/// Writers take turns per file: a single write waiting on one file is seen by every
/// connection to that file, and by none of another's, so a write elsewhere in the
/// process (another list, a test beside this one) never ends this file's slices.
struct SQLiteWriteTurnsTests {
    @Test func aWaitingWriteIsSeenOnItsOwnFileOnly() throws {
        let folder = TestFolder()
        let a = try SQLiteDatabase(path: folder.file("a.sqlite"))
        let alsoA = try SQLiteDatabase(path: folder.file("a.sqlite"))
        let b = try SQLiteDatabase(path: folder.file("b.sqlite"))
        #expect(!alsoA.turns.writerWaits && !b.turns.writerWaits)
        let seen = a.turns.waitingWrite { (alsoA.turns.writerWaits, b.turns.writerWaits) }
        #expect(seen.0, "another connection to the same file sees the waiting write")
        #expect(!seen.1, "a connection to another file does not")
        #expect(!alsoA.turns.writerWaits, "the count falls back once the write has its lock")
    }
}
