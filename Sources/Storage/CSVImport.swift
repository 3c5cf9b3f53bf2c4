import Foundation
import Synchronization

/// A CSV file flowing into the store: bytes in (any chunk size), rows read,
/// mapped by the header, checked and staged; `finish()` commits or rolls back.
/// The same path serves `POST /import` and `roster import`.
public final class CSVImport {
    /// What a bad row does.
    public enum ErrorPolicy: Sendable {
        /// Any bad row: write nothing, report the first errors (422).
        case abort
        /// Leave bad rows out, import the rest, report them.
        case skip
    }

    /// The outcome, as API.md's import response.
    public struct Summary: Sendable, Equatable {
        public var inserted = 0
        public var rejected = 0
        public var errors: [CSVError] = []
        public var ignoredColumns: [String] = []
        public var total = 0
        public var seconds = 0.0
        /// True when nothing was written (aborted on errors).
        public var aborted = false
    }

    /// Errors listed at most.
    public static let maxErrors = 100

    private let store: ContactStore
    private let policy: ErrorPolicy
    private var reader = CSVReader(fieldCountFromHeader: true)
    private var columns: CSVColumns?
    private var batch: ContactImport?

    /// Reading and folding run on the caller's thread, SQLite writes on a thread of
    /// their own: rows cross in batches through a bounded queue.
    private struct Pending: Sendable {
        var fields: ContactFields
        var key: ContactSortKey
        var line: Int
    }

    private var pending: [Pending] = []
    private let rows = BlockingQueue<[Pending]>(capacity: 8)
    private let writerDone = DispatchSemaphore(value: 0)
    private let writerError = FailureBox()
    private var writerRunning = false
    private var summary = Summary()
    private let started = Date()
    private var headerError: (any Error)?

    /// Starts an import into `store` (one transaction, begun now).
    public init(store: ContactStore, mode: ContactImport.Mode, errors policy: ErrorPolicy) throws {
        self.store = store
        self.policy = policy
        let batch = try ContactImport(store: store, mode: mode)
        self.batch = batch
        startWriter(UncheckedImport(batch))
    }

    /// The connection passes to the writer thread until `stopWriter()` returns.
    private struct UncheckedImport: @unchecked Sendable {
        let batch: ContactImport
        init(_ batch: ContactImport) { self.batch = batch }
    }

    private func startWriter(_ handle: UncheckedImport) {
        writerRunning = true
        let rows = self.rows
        let done = writerDone
        let failure = writerError
        let thread = Thread {
            while let batch = rows.take() {
                guard failure.error == nil else { continue }  // drain after a failure
                do {
                    for row in batch { try handle.batch.add(row.fields, key: row.key, line: row.line) }
                } catch {
                    failure.record(error)
                }
            }
            done.signal()
        }
        thread.name = "roster-import-writer"
        thread.start()
    }

    /// Sends what is pending, ends the writer thread, and reports its failure.
    private func stopWriter() throws {
        guard writerRunning else { return }
        writerRunning = false
        if !pending.isEmpty { rows.put(pending) }
        pending = []
        rows.close()
        writerDone.wait()
        if let error = writerError.error { throw error }
    }

    /// Reads the next piece of the file.
    /// - Throws: when the header is unusable or the database fails; the import is then over.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
        try reader.feed(bytes) { try handle($0) }
        if let headerError { throw headerError }
        if let error = writerError.error { throw error }
    }

    /// Ends the file: commits (or, with errors under `.abort`, rolls back) and
    /// returns the summary.
    public func finish() throws -> Summary {
        try reader.finish { try handle($0) }
        try stopWriter()
        if let headerError { throw headerError }
        guard let batch else { return summary }
        if columns == nil {
            batch.rollback()
            throw StorageError.invalidContact(
                index: -1, problem: "the file is empty: it needs a header line and rows")
        }
        if policy == .abort && summary.rejected > 0 {
            batch.rollback()
            summary.aborted = true
            summary.inserted = 0
            summary.total = try store.count()
        } else {
            summary.total = try batch.commit()
            summary.inserted = batch.staged
        }
        summary.seconds = Date().timeIntervalSince(started)
        self.batch = nil
        return summary
    }

    /// Abandons the import.
    public func cancel() {
        try? stopWriter()
        batch?.rollback()
        batch = nil
    }

    /// An import dropped unfinished (its request went away) ends its writer thread
    /// and rolls back, so the write lock is free for the next one.
    deinit { cancel() }

    private func handle(_ row: CSVReader.Row) throws {
        switch row {
        case .error(let error):
            if columns == nil && headerError == nil {
                headerError = StorageError.invalidContact(
                    index: -1, problem: "the header line cannot be read: \(error)")
                return
            }
            reject(error)
        case .record(let line, let fields):
            guard let columns else {
                do {
                    let mapping = try CSVColumns(header: fields)
                    self.columns = mapping
                    summary.ignoredColumns = mapping.ignored
                } catch {
                    headerError = error
                }
                return
            }
            let contact = columns.contact(fields)
            let key = ContactSortKey(foldedFirst: fold(contact.firstName), foldedLast: fold(contact.lastName))
            if key.isNameless {
                reject(CSVError(line: line, column: nil, problem: "a contact needs a first or a last name"))
                return
            }
            // Once an abort is certain, keep reading only to report errors.
            if policy == .abort && summary.rejected > 0 { return }
            pending.append(Pending(fields: contact, key: key, line: line))
            if pending.count >= 2048 {
                rows.put(pending)
                pending = []
            }
        }
    }

    /// Names repeat a lot (first names especially): fold each distinct one once.
    private var folds: [String: [UInt8]] = [:]

    private func fold(_ name: String) -> [UInt8] {
        if let folded = folds[name] { return folded }
        let folded = NameFolding.fold(name)
        if folds.count >= 200_000 { folds.removeAll(keepingCapacity: true) }
        folds[name] = folded
        return folded
    }

    private func reject(_ error: CSVError) {
        summary.rejected += 1
        if summary.errors.count < Self.maxErrors { summary.errors.append(error) }
    }
}

/// The first error of another thread, read under a lock.
final class FailureBox: Sendable {
    private let state = Mutex<(any Error)?>(nil)

    var error: (any Error)? { state.withLock { $0 } }

    func record(_ error: any Error) {
        state.withLock { current in
            if current == nil { current = error }
        }
    }
}
