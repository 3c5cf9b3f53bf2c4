import Foundation
import Phones
import Synchronization

/// One CSV import into a store: bytes in, one answer out. The same job serves
/// `POST /import` and `roster import`.
///
/// One writer thread owns the connection: it begins the transaction, writes
/// each checked row, and commits, or rolls back on an abort, a failure or
/// `cancel()`. Until the commit readers see the list as it was; if the process
/// dies first, SQLite rolls everything back.
///
/// The CSV is read and checked (`ImportRowReader`) where `Reading` says: on a
/// reading thread of the job's own, so that `feed` only queues a copy of the
/// bytes (a caller that must not wait, an event loop, can call it) and the
/// next piece is read while the writer writes the rows of the last (on two
/// cores the import takes about the time of the slower half instead of the
/// sum); or on the feeding thread, the same overlap without a thread (a command
/// line). Either way, when more
/// than `highWater` bytes wait, `feed` returns false: the caller stops feeding
/// until `onResume` fires (once half of them are written). Memory stays flat
/// whatever the file's size.
///
/// A job must be finished or cancelled: its writer thread waits for one of them.
public final class ImportJob: Sendable {
    /// What the owner of a job runs on its writer thread, at fixed points.
    public struct Hooks: Sendable {
        /// First thing on the writer thread (e.g. to lower its priority).
        public var started: @Sendable () -> Void = {}
        /// Inside the transaction, just before it commits, with the list as it
        /// will be (e.g. to have it ready for readers that see the commit first).
        public var prepare: @Sendable (ListState) throws -> Void = { _ in }
        /// After a commit, before the answer, with the list as committed (e.g. to
        /// show readers the new list).
        public var committed: @Sendable (ListState) throws -> Void = { _ in }
        /// Once the transaction is over, committed or not, before any answer (also
        /// after `cancel()`, which answers nothing).
        public var ended: @Sendable () -> Void = {}
        /// After the answer was handed over (e.g. a checkpoint that can wait).
        public var answered: @Sendable (any ImportTarget) -> Void = { _ in }

        /// No hooks.
        public init() {}
    }

    /// How an import ends: its summary, or why it failed (nothing was written).
    public typealias Outcome = Result<ImportSummary, ContactsError>

    /// Which thread reads the CSV.
    public enum Reading: Sendable {
        /// A thread of the job's own, while the writer writes: `feed` only queues
        /// bytes (for an event loop, which must not work).
        case onReader
        /// The thread that calls `feed`, while the writer writes (for a command line).
        case onCaller
    }

    /// Work queued for the writer.
    private enum Piece: Sendable {
        /// Rows read and checked on the reading thread or the caller's.
        case rows([CheckedRow])
        /// The caller's reading ended: its counts and errors.
        case readingEnded(ImportSummary)
        /// The caller's reading failed (the file, not a row).
        case failed(ContactsError)
    }

    private struct CheckedRow: Sendable {
        var fields: ContactFields
        var key: ContactSortKey
        /// The search index's text, made where the row is read, off the writer.
        var document: String
        var line: Int
        /// The photo the row brought, stored before it (docs/api.md, "Photos").
        var photo: StoredPhoto?
    }

    /// The reading done by the caller's thread (`Reading.onCaller`).
    private final class CallerReading {
        let rows: ImportRowReader
        let region: PhoneRegion
        var batch: [CheckedRow] = []
        var stopped = false

        init(policy: ImportErrorPolicy, locale: ListLocale, region: PhoneRegion, photos: PhotoIntake?) {
            rows = ImportRowReader(policy: policy, locale: locale, photos: photos)
            self.region = region
        }

        /// The pieces for the writer from `bytes`, or from the end of the file when nil.
        func read(_ bytes: [UInt8]?) -> [Piece] {
            guard !stopped else { return [] }
            do {
                let append: ImportRowReader.Accept = {
                    self.batch.append(
                        CheckedRow(
                            fields: $0, key: $1, document: SearchText.document($0, region: self.region),
                            line: $2, photo: $3))
                }
                if let bytes {
                    try bytes.withUnsafeBytes { try rows.feed($0, into: append) }
                } else {
                    try rows.finish(into: append)
                }
            } catch {
                stopped = true
                return [.failed(ImportJob.storageError(error))]
            }
            defer { batch = [] }
            let rowsRead: [Piece] = batch.isEmpty ? [] : [.rows(batch)]
            if bytes == nil {
                stopped = true
                return rowsRead + [.readingEnded(rows.summary)]
            }
            return rowsRead
        }
    }

    /// Bytes queued beyond which `feed` asks its caller to pause, unless a job is given another.
    public static let defaultHighWater = 4 << 20
    /// This job's high water.
    public let highWater: Int

    private struct State: ~Copyable {
        /// Pieces with what they count against `highWater` (the bytes they were read from).
        var pieces: [(Piece, Int)] = []
        /// `Reading.onReader`: bytes for the reading thread (nil: the end of the file), with their cost.
        var unread: [([UInt8]?, Int)] = []
        /// Cost of what is queued for either thread.
        var queued = 0
        var paused = false
        /// No more bytes come: `finish` was called.
        var finished = false
        /// Every piece the writer will get is queued (with `Reading.onReader`, once
        /// the reading thread has read the end; otherwise at `finish`).
        var inputEnded = false
        var cancelled = false
        /// The writer stopped reading (the file or the database failed): bytes are dropped.
        var failed = false
        var completion: (@Sendable (Outcome) -> Void)?
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// Wakes the reading thread of `Reading.onReader`.
    private let readerWake = DispatchSemaphore(value: 0)
    private let reading: Reading
    private let onResume: @Sendable () -> Void
    /// Set for `Reading.onCaller`.
    private let callerReading: Mutex<CallerReading?>

    /// Starts an import: the writer thread opens a connection with `open` and
    /// begins the transaction (waiting up to the busy timeout for another writer).
    /// Rows' phones are read in `region` for their search text: the list's
    /// (`ContactBackend.phoneRegion`), as the store reads them. With `photos`, the file's
    /// photos are kept (docs/api.md, "Photos"); without, vCard photos are dropped.
    public init(
        open: @escaping @Sendable () throws -> any ImportTarget, mode: ImportMode,
        errors policy: ImportErrorPolicy, locale: ListLocale, region: PhoneRegion, photos: PhotoIntake? = nil,
        reading: Reading = .onReader, highWater: Int = ImportJob.defaultHighWater,
        onResume: @escaping @Sendable () -> Void, hooks: Hooks = Hooks()
    ) {
        self.onResume = onResume
        self.highWater = highWater
        self.reading = reading
        callerReading = Mutex(
            reading == .onCaller
                ? CallerReading(policy: policy, locale: locale, region: region, photos: photos) : nil)
        let thread = Thread { [self] in
            hooks.started()
            run(open: open, mode: mode, policy: policy, hooks: hooks)
        }
        thread.name = "roster-import"
        thread.start()
        if reading == .onReader {
            let readerThread = Thread { [self] in
                hooks.started()
                runReader(CallerReading(policy: policy, locale: locale, region: region, photos: photos))
            }
            readerThread.name = "roster-import-read"
            readerThread.start()
        }
    }

    /// Takes the next piece of the file. False: stop feeding until `onResume` fires.
    public func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 0 else { return true }
        guard !state.withLock({ $0.failed || $0.cancelled || $0.finished }) else { return true }
        // A copy either way: the buffer may not cross into the lock's region (it is not Sendable).
        let chunk = [UInt8](bytes)
        if let pieces = callerReading.withLock({ $0?.read(chunk) }) {
            // Checked rows take several times the memory of the bytes they were read from;
            // counted twice, the caller pauses once three 1 MiB reads wait, and
            // resumes with one still queued, so the writer never idles while it reads.
            return enqueue(pieces, cost: bytes.count * 2)
        }
        // Counted once on the reading thread's side: the socket's small pieces keep
        // it busy, and up to `highWater` bytes in flight keep the writer fed (at twice
        // the cost, HTTP imports of 1,000,000 rows took about 15% longer).
        return enqueueUnread(chunk, cost: bytes.count)
    }

    /// Ends the file; `completion` gets the outcome on the writer thread once the
    /// transaction is over. Returns at once (but for reading the file's last line
    /// with `Reading.onCaller`).
    public func finish(then completion: @escaping @Sendable (Outcome) -> Void) {
        if let last = callerReading.withLock({ $0?.read(nil) }) { _ = enqueue(last, cost: 0) }
        if reading == .onReader { _ = enqueueUnread(nil, cost: 0) }
        state.withLock { state in
            state.finished = true
            if reading != .onReader { state.inputEnded = true }
            state.completion = completion
        }
        wake.signal()
    }

    private func enqueue(_ pieces: [Piece], cost: Int) -> Bool {
        guard !pieces.isEmpty else { return true }
        let keepFeeding = state.withLock { state -> Bool in
            guard !state.failed, !state.cancelled else { return true }
            for (index, piece) in pieces.enumerated() { state.pieces.append((piece, index == 0 ? cost : 0)) }
            state.queued += cost
            if state.queued > highWater { state.paused = true }
            return !state.paused
        }
        wake.signal()
        return keepFeeding
    }

    /// Ends the file and waits for the outcome.
    public func finish() -> Outcome {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Outcome?>(nil)
        finish { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0! }
    }

    /// Abandons the import (its client went away): the writer rolls back and answers nothing.
    /// No effect after `finish`.
    public func cancel() {
        state.withLock { state in
            if !state.finished { state.cancelled = true }
        }
        wake.signal()
        readerWake.signal()
    }

    // MARK: - Reading thread (`Reading.onReader`)

    /// Queues bytes (nil: the end of the file) for the reading thread.
    private func enqueueUnread(_ chunk: [UInt8]?, cost: Int) -> Bool {
        let keepFeeding = state.withLock { state -> Bool in
            guard !state.failed, !state.cancelled else { return true }
            state.unread.append((chunk, cost))
            state.queued += cost
            if state.queued > highWater { state.paused = true }
            return !state.paused
        }
        readerWake.signal()
        return keepFeeding
    }

    private enum ReaderStep {
        case take([UInt8]?, cost: Int)
        case wait
        case stop
    }

    /// Reads what `feed` queued into checked rows for the writer, up to the end of
    /// the file, or until the import is cancelled or has failed.
    private func runReader(_ reader: CallerReading) {
        while true {
            let step = state.withLock { state -> ReaderStep in
                if state.cancelled || state.failed { return .stop }
                guard !state.unread.isEmpty else { return .wait }
                let (chunk, cost) = state.unread.removeFirst()
                return .take(chunk, cost: cost)
            }
            switch step {
            case .stop: return
            case .wait: readerWake.wait()
            case .take(let chunk, let cost):
                handOver(reader.read(chunk), cost: cost, last: chunk == nil)
                if chunk == nil { return }
            }
        }
    }

    /// Queues for the writer the pieces read from bytes that cost `cost` (counted
    /// until the writer takes them); `last`: nothing more will be read.
    private func handOver(_ pieces: [Piece], cost: Int, last: Bool) {
        let resume = state.withLock { state -> Bool in
            guard !state.failed, !state.cancelled else { return false }
            if pieces.isEmpty { state.queued -= cost }
            for (index, piece) in pieces.enumerated() { state.pieces.append((piece, index == 0 ? cost : 0)) }
            if last { state.inputEnded = true }
            let resume = state.paused && state.queued <= highWater / 2
            if resume { state.paused = false }
            return resume
        }
        wake.signal()
        if resume { onResume() }
    }

    // MARK: - Writer thread

    private func run(
        open: () throws -> any ImportTarget, mode: ImportMode, policy: ImportErrorPolicy, hooks: Hooks
    ) {
        let started = Date()
        var store: (any ImportTarget)?
        var outcome: Outcome
        do {
            let opened = try open()
            store = opened
            var summary = try importAll(into: opened, mode: mode, policy: policy, hooks: hooks)
            summary.seconds = Date().timeIntervalSince(started)
            outcome = .success(summary)
        } catch {
            outcome = .failure(Self.storageError(error))
        }
        hooks.ended()
        if case .failure = outcome { stopReading() }
        guard let completion = waitForFinish() else { return }  // cancelled: nobody to answer
        completion(outcome)
        if let store { hooks.answered(store) }
    }

    /// The whole import: it is over (shown, or rolled back) when this returns, and
    /// `hooks.committed` has had the list as committed.
    private func importAll(
        into store: any ImportTarget, mode: ImportMode, policy: ImportErrorPolicy, hooks: Hooks
    ) throws -> ImportSummary {
        let transaction = try store.beginImport(mode: mode)
        defer { transaction.rollback() }  // no effect after a commit
        var read: ImportSummary?
        while let piece = try next(beforeWaiting: transaction.waitsForRows) {
            switch piece {
            case .rows(let batch):
                for row in batch {
                    if let photo = row.photo { try transaction.keepPhoto(photo) }
                    try transaction.add(row.fields, key: row.key, document: row.document, line: row.line)
                }
            case .readingEnded(let summary): read = summary
            case .failed(let error): throw error
            }
        }
        // Reading always ends with its summary, unless it failed first (and threw above).
        guard var summary = read else { throw ContactsError.importCancelled }
        if policy == .abort && summary.rejected > 0 {
            transaction.rollback()
            summary.aborted = true
            summary.fieldCounts = summary.fieldCounts.map { _ in 0 }
            summary.total = try store.count()
            return summary
        }
        let state = try transaction.commit(prepare: hooks.prepare)
        try hooks.committed(state)
        summary.total = state.total
        summary.inserted = transaction.staged
        summary.updated = transaction.updated
        summary.unchanged = transaction.unchanged
        return summary
    }

    static func storageError(_ error: any Error) -> ContactsError {
        error as? ContactsError ?? .store("\(error)")
    }

    /// The next queued piece, nil at the end of the file.
    /// - Throws: `ContactsError.importCancelled` after `cancel()`.
    /// `beforeWaiting` runs when none is queued yet, before the thread waits.
    private func next(beforeWaiting: () throws -> Void) throws(ContactsError) -> Piece? {
        var waited = false
        while true {
            let (piece, resume, end, cancelled) = state.withLock { state -> (Piece?, Bool, Bool, Bool) in
                if state.cancelled { return (nil, false, false, true) }
                guard !state.pieces.isEmpty else { return (nil, false, state.inputEnded, false) }
                let (piece, cost) = state.pieces.removeFirst()
                state.queued -= cost
                let resume = state.paused && state.queued <= highWater / 2
                if resume { state.paused = false }
                return (piece, resume, false, false)
            }
            if cancelled { throw .importCancelled }
            if resume { onResume() }
            if let piece { return piece }
            if end { return nil }
            if !waited {
                waited = true
                do { try beforeWaiting() } catch { throw Self.storageError(error) }
            }
            wake.wait()
        }
    }

    /// After a failure: drop what is queued and what comes, and let a paused caller go on.
    private func stopReading() {
        let resume = state.withLock { state -> Bool in
            state.failed = true
            state.pieces = []
            state.unread = []
            state.queued = 0
            defer { state.paused = false }
            return state.paused
        }
        readerWake.signal()
        if resume { onResume() }
    }

    /// Waits for `finish` (its completion) or `cancel` (nil).
    private func waitForFinish() -> (@Sendable (Outcome) -> Void)? {
        while true {
            let (completion, cancelled) = state.withLock { ($0.completion, $0.cancelled) }
            if let completion { return completion }
            if cancelled { return nil }
            wake.wait()
        }
    }
}
