import Codecs
import Contacts
import Foundation
import HTTP
import Platform
import Synchronization

/// `POST`/`PUT /import`: the HTTP side of an `ImportJob`. The body's bytes go
/// to the job as they arrive (multipart forms unwrapped first); the job's
/// backpressure pauses reading the connection and its resume callback starts
/// it again, so the event loop never waits; the job's outcome becomes the
/// response, sent once the transaction has committed (or rolled back).
final class ImportSink: RequestBodySink {
    private let job: ImportJob
    private let context: ImportContext
    private var multipart: MultipartFile?
    private let logger: Logger
    /// What the log line names: the method, mode and policy.
    private let label: String

    /// Checks the request (auth, content type, parameters), takes the import gate,
    /// and starts the job.
    init(request: Request, flow: BodyFlow, context: ImportContext) throws {
        logger = context.logger
        self.context = context
        try context.authorize(request)
        let contentType = request.head.headers["Content-Type"]?.lowercased() ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingHTTPWhitespace() } ?? ""
        if mediaType == "multipart/form-data" {
            guard let boundary = MultipartFile.boundary(of: request.head.headers["Content-Type"] ?? "") else {
                throw HTTPError(400, "bad_multipart", "multipart/form-data needs a boundary parameter")
            }
            multipart = MultipartFile(boundary: boundary)
        } else if ![
            "", "text/csv", "application/csv", "text/plain", "application/octet-stream", "text/vcard",
            "text/x-vcard", "text/directory",
        ].contains(
            mediaType)
        {
            throw HTTPError(
                415, "unsupported_media_type",
                "send the file as text/csv or text/vcard (or application/csv, text/plain, application/octet-stream, multipart/form-data), not \(mediaType)"
            )
        }
        let (mode, policy) = try Self.parameters(request)
        label = "\(request.head.method) /import?mode=\(mode.rawValue)&errors=\(policy.rawValue)"
        guard context.gate.begin() else {
            throw HTTPError(
                503, "import_in_progress", "another import is running; try again when it has finished")
        }
        var hooks = ImportJob.Hooks()
        hooks.started = Self.yieldToEventLoops
        let prepared = Mutex<Int?>(nil)
        hooks.prepare = { state in
            context.catalog.prepare(try ListSnapshot(state: state))
            prepared.withLock { $0 = state.version }
        }
        hooks.committed = { state in
            context.catalog.install(try ListSnapshot(state: state))
            prepared.withLock { $0 = nil }
        }
        // The gate opens before the answer goes out: a client that imports again
        // right after its answer must not find the previous import still running.
        hooks.ended = {
            // Prepared but never committed: that version is not this snapshot.
            if let version = prepared.withLock({ $0 }) { context.catalog.discard(version: version) }
            context.gate.end()
        }
        hooks.answered = { store in context.settle(store) }
        job = ImportJob(
            open: { try context.openWriter() }, mode: mode, errors: policy, locale: context.backend.locale,
            region: context.backend.phoneRegion, photos: .inspecting,
            onResume: { flow.resume() }, hooks: hooks)
    }

    /// How much nicer import threads are than the event loop that starts them, so
    /// that on a busy machine window reads keep their latency while a large import runs.
    /// Not more: at 10, the job's one thread got so little of a core beside a client
    /// reading windows without pause that 60,000 rows took over 8 s instead of 1.
    static let niceness: Int32 = 5

    /// Raises the calling thread's nice value by `niceness` (at most to 19). On Linux
    /// the nice value belongs to the thread (and threads it starts inherit it); the
    /// event loops keep theirs. Runs first on the import job's writer thread.
    static func yieldToEventLoops() {
        #if canImport(Glibc)
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let current = getpriority(which, 0)
            guard errno == 0 else { return }
            _ = setpriority(which, 0, min(19, current + niceness))
        #endif
    }

    /// `mode` and `errors` from the query, each at most once.
    static func parameters(_ request: Request) throws -> (ImportMode, ImportErrorPolicy) {
        var mode = ImportMode.append
        var policy = ImportErrorPolicy.abort
        var seen = Set<String>()
        for (name, value) in try request.queryItems() where name == "mode" || name == "errors" {
            guard seen.insert(name).inserted else {
                throw HTTPError(400, "invalid_parameter", "\(name) is given more than once")
            }
            if name == "mode" {
                guard let word = ImportMode(rawValue: value) else {
                    throw HTTPError(400, "invalid_parameter", "mode must be append or replace")
                }
                mode = word
            } else {
                guard let word = ImportErrorPolicy(rawValue: value) else {
                    throw HTTPError(400, "invalid_parameter", "errors must be abort or skip")
                }
                policy = word
            }
        }
        return (mode, policy)
    }

    // MARK: - Loop side

    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        guard multipart != nil else { return job.feed(chunk) }
        var bytes: [UInt8] = []
        multipart!.feed(chunk) { bytes.append(contentsOf: $0) }
        return bytes.withUnsafeBytes { job.feed($0) }
    }

    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        let (logger, label, context) = (logger, label, context)
        job.finish { outcome in
            if case .failure(.storageFull) = outcome { context.reclaimSpace() }
            logger.log(Self.logLine(outcome, label: label))
            respond(SendableResponse(Self.response(outcome)))
        }
    }

    func cancel() {
        logger.log("roster: \(label): the client left before the body ended; nothing was imported")
        job.cancel()
        context.settleLater()
    }

    /// The log line of an import that ran to its end.
    static func logLine(_ outcome: ImportJob.Outcome, label: String) -> String {
        switch outcome {
        case .success(let summary) where summary.aborted:
            "roster: \(label): aborted, nothing imported: \(Plural.count(summary.rejected, "bad row"))"
                + (summary.errors.first.map { ", the first on line \($0.line): \($0.problem)" } ?? "")
        case .success(let summary):
            "roster: \(label): \(Plural.count(summary.inserted, "contact")) imported, \(summary.rejected) rejected, "
                + "\(summary.total) in the list (\(String(format: "%.2f", summary.seconds)) s)"
        case .failure(let error):
            "roster: \(label): nothing imported: \(error)"
        }
    }

    /// The answer to an import that ran to its end.
    static func response(_ outcome: ImportJob.Outcome) -> Response {
        switch outcome {
        case .success(let summary):
            return .json(json(summary), status: summary.aborted ? 422 : 200)
        case .failure(let error):
            switch error {
            case .emptyFile, .unreadableFile, .unreadableHeader, .noNameColumn, .invalidContact:
                return .error(HTTPError(422, "invalid_csv", error.description))
            case .importCancelled:
                return .error(HTTPError(400, "cancelled", "the request body ended early"))
            case .storageFull, .fileReplaced:
                return .error(error.httpError!)
            case .unavailable, .busy:
                return .error(
                    error.httpError
                        ?? HTTPError(
                            503, "busy", "another write holds the list; nothing was imported: try again"))
            default:
                return .error(
                    HTTPError(500, "import_failed", "the import failed and was rolled back: \(error)"))
            }
        }
    }

    static func json(_ summary: ImportSummary) -> [UInt8] {
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
                        // The line and column are members of their own: the message is the problem alone.
                        json.field("message", error.problem)
                    }
                }
            }
            json.key("ignoredColumns")
            json.array { json in
                for name in summary.ignoredColumns { json.string(name) }
            }
            json.field("updated", summary.updated)
            json.field("unchanged", summary.unchanged)
            json.key("fields")
            json.object { json in
                for field in ContactField.allCases {
                    json.field(field.jsonKey, summary.fieldCounts[field.rawValue])
                }
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
