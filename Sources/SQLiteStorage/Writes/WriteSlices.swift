import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Long work on the list (an import, a cleanup) as short write transactions that
/// take turns with single writes: a slice ends after the step during which a
/// single write of this process began to wait on the same file (`SQLiteWriteTurns`), or once it has run
/// `longest` seconds (`SQLiteContactStore.longestSlice`), and the next one begins only
/// when no single write waits. Slices are as long as they may be: each commit
/// writes the search index a segment, which it merges later, so many short ones
/// cost more than a few long ones (200,000 contacts' texts in slices of 200
/// took twice the CPU of slices of 2,000).
/// Whatever a slice writes must be invisible to readers (`HiddenIDs`) until the
/// work shows it in one last slice.
///
/// Belongs to the thread that does the work.
final class WriteSlices {
    private let database: SQLiteDatabase
    /// A slice's most, in seconds, even when no single write waits here: one in
    /// another process (which polls for the lock, `SQLiteDatabase.pollForLocks`) gets the
    /// gap after it.
    let longest: Double
    private(set) var isOpen = false
    private var startedAt: UInt64 = 0
    private var steps = 0
    private var nextClockRead = 0
    /// Slices committed so far.
    private(set) var committed = 0
    /// Run as each slice begins, and just before each commits: the frequent
    /// patterns' bits are read, changed in memory and written back within one
    /// transaction (`GramBits`), since single writes change them in between.
    private let opened: () throws -> Void
    private let committing: () throws -> Void
    /// Run first as each slice commits, set by the work that owns the slices: what
    /// its slice did, recorded in the same transaction.
    var willCommit: () throws -> Void = {}

    init(
        database: SQLiteDatabase, longest: Double, opened: @escaping () throws -> Void = {},
        committing: @escaping () throws -> Void = {}
    ) {
        self.database = database
        self.longest = longest
        self.opened = opened
        self.committing = committing
    }

    /// Begins a slice unless one is open, once no single write waits.
    func open() throws {
        guard !isOpen else { return }
        database.turns.letWritersGo()
        try database.begin(.write)
        do {
            try opened()
        } catch {
            try? database.rollback()
            throw error
        }
        isOpen = true
        startedAt = DispatchTime.now().uptimeNanoseconds
        steps = 0
        nextClockRead = 32
    }

    /// Counts `weight` units of work done in the open slice (a row is 1), and ends
    /// the slice when a single write waits or it has run long enough.
    func stepped(weight: Int = 1) throws {
        steps += weight
        if database.turns.writerWaits {
            try commit()
        } else if steps >= nextClockRead {
            nextClockRead = steps + 32
            if Double(DispatchTime.now().uptimeNanoseconds - startedAt) / 1e9 > longest {
                try commit()
                usleep(500)  // the gap another process's writer polls for
            }
        }
    }

    /// Commits the open slice, if any. When the commit fails (a full disk), the
    /// slice is rolled back.
    func commit() throws {
        guard isOpen else { return }
        isOpen = false
        do {
            try willCommit()
            try committing()
            try database.commit()
        } catch {
            try? database.rollback()
            throw error
        }
        committed += 1
    }

    /// Rolls the open slice back, if any (earlier slices stay: invisible until shown).
    func rollback() {
        guard isOpen else { return }
        isOpen = false
        try? database.rollback()
    }
}

extension SQLiteContactStore {
    /// Slices of long work on this store's list, keeping the patterns' bits in step.
    func writeSlices() -> WriteSlices {
        WriteSlices(
            database: database, longest: longestSlice, opened: { [gramBits] in try gramBits.begin() },
            committing: { [gramBits] in try gramBits.flush() })
    }
}
