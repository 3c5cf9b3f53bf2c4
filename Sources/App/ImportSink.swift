import Foundation
import HTTP
import Storage
import Synchronization

/// `POST`/`PUT /import`: the body streams from the socket to a worker thread
/// that reads it as CSV into one import transaction. The event loop never
/// waits: when the worker falls behind, the connection stops being read
/// (backpressure) until it catches up, and the answer is sent when the
/// transaction has committed (or rolled back).
final class ImportSink: RequestBodySink, @unchecked Sendable {
    /// Bytes queued for the worker beyond which reading pauses.
    static let highWater = 4 << 20

    private struct Pipe: ~Copyable {
        var chunks: [[UInt8]] = []
        var bytes = 0
        var closed = false
        var cancelled = false
        var paused = false
    }

    private let pipe = Mutex(Pipe())
    private let ready = DispatchSemaphore(value: 0)
    private let flow: BodyFlow
    private var multipart: MultipartFile?
    private var respond: (@Sendable (SendableResponse) -> Void)?
    private let answered = Mutex<SendableResponse?>(nil)

    /// Checks the request (auth, content type, parameters), takes the import gate,
    /// and starts the worker.
    init(request: Request, flow: BodyFlow, context: ImportContext) throws {
        self.flow = flow
        try context.authorize(request.head)
        let contentType = request.head.headers["Content-Type"]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingHTTPWhitespace() } ?? ""
        if mediaType == "multipart/form-data" {
            guard let boundary = MultipartFile.boundary(of: request.head.headers["Content-Type"] ?? "") else {
                throw HTTPError(400, "bad_multipart", "multipart/form-data needs a boundary parameter")
            }
            multipart = MultipartFile(boundary: boundary)
        } else if !["", "text/csv", "application/csv", "text/plain", "application/octet-stream"].contains(
            mediaType)
        {
            throw HTTPError(
                415, "unsupported_media_type",
                "send the file as text/csv (or application/csv, text/plain, application/octet-stream, multipart/form-data), not \(mediaType)"
            )
        }
        let (mode, policy) = try Self.parameters(request)
        guard context.gate.begin() else {
            throw HTTPError(
                503, "import_in_progress", "another import is running; try again when it has finished")
        }
        let thread = Thread { [self] in
            Self.yieldToEventLoops()
            self.work(context: context, mode: mode, policy: policy)
        }
        thread.name = "roster-import"
        thread.start()
    }

    /// How much nicer import threads are than the event loop that starts them, so
    /// that on a busy machine window reads keep their latency while a large import runs.
    static let niceness: Int32 = 10

    /// Raises the calling thread's nice value by `niceness` (at most to 19). On Linux
    /// the nice value belongs to the thread, and threads it starts (the import's
    /// writer) inherit it; the event loops keep theirs.
    static func yieldToEventLoops() {
        #if canImport(Glibc)
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let current = getpriority(which, 0)
            guard errno == 0 else { return }
            _ = setpriority(which, 0, min(19, current + niceness))
        #endif
    }

    static func parameters(_ request: Request) throws -> (ContactImport.Mode, CSVImport.ErrorPolicy) {
        var mode: ContactImport.Mode = .append
        var policy: CSVImport.ErrorPolicy = .abort
        var seen = Set<String>()
        for (name, value) in try request.queryItems() where name == "mode" || name == "errors" {
            guard seen.insert(name).inserted else {
                throw HTTPError(400, "invalid_parameter", "\(name) is given more than once")
            }
            switch (name, value) {
            case ("mode", "append"): mode = .append
            case ("mode", "replace"): mode = .replace
            case ("errors", "abort"): policy = .abort
            case ("errors", "skip"): policy = .skip
            default:
                throw HTTPError(
                    400, "invalid_parameter",
                    name == "mode" ? "mode must be append or replace" : "errors must be abort or skip")
            }
        }
        return (mode, policy)
    }

    // MARK: - Loop side

    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        var bytes: [UInt8] = []
        if multipart != nil {
            multipart!.feed(chunk) { bytes.append(contentsOf: $0) }
            if bytes.isEmpty { return true }
        } else {
            bytes = Array(chunk)
        }
        let keepReading = pipe.withLock { pipe -> Bool in
            pipe.chunks.append(bytes)
            pipe.bytes += bytes.count
            pipe.paused = pipe.bytes > Self.highWater
            return !pipe.paused
        }
        ready.signal()
        return keepReading
    }

    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        let early = answered.withLock { answer -> SendableResponse? in
            self.respond = respond
            return answer
        }
        if let early { respond(early) }
        pipe.withLock { $0.closed = true }
        ready.signal()
    }

    func cancel() {
        pipe.withLock { $0.cancelled = true }
        ready.signal()
    }

    // MARK: - Worker side

    /// The next chunk, nil at the end of the body; throws when the request was cancelled.
    private func take() throws -> [UInt8]? {
        while true {
            let (chunk, resume, finished, cancelled) = pipe.withLock { pipe -> ([UInt8]?, Bool, Bool, Bool) in
                if pipe.cancelled { return (nil, false, false, true) }
                guard !pipe.chunks.isEmpty else { return (nil, false, pipe.closed, false) }
                let chunk = pipe.chunks.removeFirst()
                pipe.bytes -= chunk.count
                let resume = pipe.paused && pipe.bytes <= Self.highWater / 2
                if resume { pipe.paused = false }
                return (chunk, resume, false, false)
            }
            if cancelled { throw CancellationError() }
            if resume { flow.resume() }
            if let chunk { return chunk }
            if finished { return nil }
            ready.wait()
        }
    }

    private func work(context: ImportContext, mode: ContactImport.Mode, policy: CSVImport.ErrorPolicy) {
        let response: Response
        var writer: ContactStore?
        // The gate opens before the answer goes out: a client that imports again
        // right after its answer must not find the previous import still running.
        defer {
            deliver(response)
            if let writer { context.settle(writer) }
        }
        defer { context.gate.end() }
        do {
            let store = try context.openWriter()
            writer = store
            let job = try CSVImport(store: store, mode: mode, errors: policy)
            var failure: (any Error)?
            while let chunk = try take() {
                guard failure == nil else { continue }  // drain the body, then answer
                do {
                    try chunk.withUnsafeBytes { try job.feed($0) }
                } catch {
                    failure = error
                    job.cancel()
                }
            }
            if let failure { throw failure }
            let summary = try job.finish()
            if !summary.aborted { try context.refresh(from: store) }
            response = .json(Self.json(summary), status: summary.aborted ? 422 : 200)
        } catch is CancellationError {
            // The client went away mid-body: the transaction was rolled back; nobody to answer.
            response = .error(HTTPError(400, "cancelled", "the request body ended early"))
        } catch StorageError.invalidContact(_, let problem) {
            response = .error(HTTPError(422, "invalid_csv", problem))
        } catch {
            printError("roster: import failed: \(error)")
            response = .error(
                HTTPError(500, "import_failed", "the import failed and was rolled back: \(error)"))
        }
    }

    /// Hands the answer to the connection (now, or when `finish` comes).
    private func deliver(_ response: Response) {
        let answer = SendableResponse(response)
        let respond = answered.withLock { answered -> (@Sendable (SendableResponse) -> Void)? in
            answered = answer
            return self.respond
        }
        respond?(answer)
    }

    static func json(_ summary: CSVImport.Summary) -> [UInt8] {
        var json = JSONWriter()
        json.object { json in
            // An aborted import is a 4xx: an error body (error, message) that also carries the summary.
            if summary.aborted { json.field("error", "invalid_rows") }
            json.field("inserted", summary.inserted)
            json.field("rejected", summary.rejected)
            json.key("errors")
            json.array { json in
                for error in summary.errors {
                    json.object { json in
                        json.field("line", error.line)
                        json.field("column", error.column)
                        json.field("message", error.description)
                    }
                }
            }
            json.key("ignoredColumns")
            json.array { json in
                for name in summary.ignoredColumns { json.string(name) }
            }
            json.field("total", summary.total)
            json.field("seconds", (summary.seconds * 1000).rounded() / 1000)
            if summary.aborted {
                json.field(
                    "message",
                    "nothing was imported: \(summary.rejected) bad rows (send errors=skip to import the rest)"
                )
            }
        }
        return json.bytes
    }
}
