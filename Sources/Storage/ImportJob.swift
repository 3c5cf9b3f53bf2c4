import Foundation
import Synchronization

/// One CSV import into a store: bytes in, one answer out. The same job serves
/// `POST /import` and `roster import`.
///
/// One writer thread does all the work: it opens the connection, begins the
/// transaction, reads the CSV (`ImportRowReader`), checks and writes each row,
/// and commits, or rolls back on an abort, a failure or `cancel()`. Until the
/// commit readers see the list as it was; if the process dies first, SQLite
/// rolls everything back.
///
/// `feed` only queues a copy of the bytes, so a caller that must not wait (an
/// event loop) can call it. When more than `highWater` bytes wait, `feed`
/// returns false: the caller stops feeding until `onResume` fires (from the
/// writer thread, once half of them are read). Memory stays flat whatever the
/// file's size.
public final class ImportJob: Sendable {
    /// What the owner of a job runs on its writer thread, at fixed points.
    public struct Hooks: Sendable {
        /// First thing on the writer thread (e.g. to lower its priority).
        public var started: @Sendable () -> Void = {}
        /// After a commit, before the answer (e.g. to show readers the new list).
        public var committed: @Sendable (ContactStore) throws -> Void = { _ in }
        /// Once the transaction is over, committed or not, before any answer (also
        /// after `cancel()`, which answers nothing).
        public var ended: @Sendable () -> Void = {}
        /// After the answer was handed over (e.g. a checkpoint that can wait).
        public var answered: @Sendable (ContactStore) -> Void = { _ in }

        /// No hooks.
        public init() {}
    }

    /// How an import ends: its summary, or why it failed (nothing was written).
    public typealias Outcome = Result<ImportSummary, StorageError>

    /// Bytes queued beyond which `feed` asks its caller to pause.
    public static let highWater = 4 << 20

    private struct State: ~Copyable {
        var chunks: [[UInt8]] = []
        var queued = 0
        var paused = false
        /// No more bytes come: `finish` was called.
        var finished = false
        var cancelled = false
        /// The writer stopped reading (the file or the database failed): bytes are dropped.
        var failed = false
        var completion: (@Sendable (Outcome) -> Void)?
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let onResume: @Sendable () -> Void

    /// Starts an import: the writer thread opens a connection with `open` and
    /// begins the transaction (waiting up to the busy timeout for another writer).
    public init(
        open: @escaping @Sendable () throws -> ContactStore, mode: ImportMode, errors policy: ImportErrorPolicy,
        onResume: @escaping @Sendable () -> Void, hooks: Hooks = Hooks()
    ) {
        self.onResume = onResume
        let thread = Thread { [self] in
            hooks.started()
            run(open: open, mode: mode, policy: policy, hooks: hooks)
        }
        thread.name = "roster-import"
        thread.start()
    }

    /// Queues the next piece of the file. False: stop feeding until `onResume` fires.
    public func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count > 0 else { return true }
        let chunk = [UInt8](bytes)
        let keepFeeding = state.withLock { state -> Bool in
            guard !state.failed, !state.cancelled, !state.finished else { return true }
            state.chunks.append(chunk)
            state.queued += chunk.count
            if state.queued > Self.highWater { state.paused = true }
            return !state.paused
        }
        wake.signal()
        return keepFeeding
    }

    /// Ends the file; `completion` gets the outcome on the writer thread once the
    /// transaction is over. Returns at once.
    public func finish(then completion: @escaping @Sendable (Outcome) -> Void) {
        state.withLock { state in
            state.finished = true
            state.completion = completion
        }
        wake.signal()
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
    }

    // MARK: - Writer thread

    private func run(
        open: () throws -> ContactStore, mode: ImportMode, policy: ImportErrorPolicy, hooks: Hooks
    ) {
        let started = Date()
        var store: ContactStore?
        var outcome: Outcome
        do {
            let opened = try open()
            store = opened
            var summary = try importAll(into: opened, mode: mode, policy: policy)
            summary.seconds = Date().timeIntervalSince(started)
            if !summary.aborted { try hooks.committed(opened) }
            outcome = .success(summary)
        } catch let error as StorageError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.sqlite(code: 0, message: "\(error)", sql: nil))
        }
        hooks.ended()
        if case .failure = outcome { stopReading() }
        guard let completion = waitForFinish() else { return }  // cancelled: nobody to answer
        completion(outcome)
        if let store { hooks.answered(store) }
    }

    /// The whole transaction: it is over (committed or rolled back) when this returns.
    private func importAll(into store: ContactStore, mode: ImportMode, policy: ImportErrorPolicy) throws
        -> ImportSummary
    {
        let transaction = try ContactImport(store: store, mode: mode)
        defer { transaction.rollback() }  // no effect after a commit
        let rows = ImportRowReader(policy: policy)
        while let chunk = try next() {
            try chunk.withUnsafeBytes { try rows.feed($0, into: transaction) }
        }
        try rows.finish(into: transaction)
        var summary = rows.summary
        if policy == .abort && summary.rejected > 0 {
            transaction.rollback()
            summary.aborted = true
            summary.total = try store.count()
        } else {
            summary.total = try transaction.commit()
            summary.inserted = transaction.staged
        }
        return summary
    }

    /// The next queued piece, nil at the end of the file.
    /// - Throws: `StorageError.importCancelled` after `cancel()`.
    private func next() throws(StorageError) -> [UInt8]? {
        while true {
            let (chunk, resume, end, cancelled) = state.withLock { state -> ([UInt8]?, Bool, Bool, Bool) in
                if state.cancelled { return (nil, false, false, true) }
                guard !state.chunks.isEmpty else { return (nil, false, state.finished, false) }
                let chunk = state.chunks.removeFirst()
                state.queued -= chunk.count
                let resume = state.paused && state.queued <= Self.highWater / 2
                if resume { state.paused = false }
                return (chunk, resume, false, false)
            }
            if cancelled { throw .importCancelled }
            if resume { onResume() }
            if let chunk { return chunk }
            if end { return nil }
            wake.wait()
        }
    }

    /// After a failure: drop what is queued and what comes, and let a paused caller go on.
    private func stopReading() {
        let resume = state.withLock { state -> Bool in
            state.failed = true
            state.chunks = []
            state.queued = 0
            defer { state.paused = false }
            return state.paused
        }
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
