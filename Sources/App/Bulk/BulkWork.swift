import Dispatch
import HTTP

/// Where bulk actions run (docs/api.md, "Bulk actions"): off the event loops, one at a time on
/// a queue of their own, reading through a connection of their own. A bulk action over
/// 100,000 contacts takes a second or more; run on the loop that received it, it held up
/// every window, read and write of the connections that share that loop meanwhile.
/// `Handlers` are what the actions run with (`BulkHandlers`: its reader opens a connection of
/// its own), made on the queue at the first action and used only there.
final class BulkWork<Handlers>: @unchecked Sendable {
    private let queue = DispatchQueue(label: "roster.bulk-actions")
    private var handlers: Handlers?

    /// The sink for `request`'s JSON body: once whole, `action` runs on the queue with the
    /// handlers `make` gives the first time, and its answer (or its error's) goes back.
    func sink(
        for request: Request, making make: @escaping () throws -> Handlers,
        _ action: @escaping (Handlers, Request) throws -> Response
    ) -> any RequestBodySink {
        BulkBody(request: request) { [self] whole, respond in
            let job = Job(request: whole, make: make, action: action)
            queue.async { respond(SendableResponse(self.run(job))) }
        }
    }

    /// What the queue is given: the request and the closures, used on the queue alone.
    private struct Job: @unchecked Sendable {
        let request: Request
        let make: () throws -> Handlers
        let action: (Handlers, Request) throws -> Response
    }

    private func run(_ job: Job) -> Response {
        do {
            let handlers = try self.handlers ?? job.make()
            self.handlers = handlers
            return try job.action(handlers, job.request)
        } catch {
            if let known = (error as? any HTTPErrorConvertible)?.httpError { return .error(known) }
            if let known = error as? HTTPError { return .error(known) }
            return .error(HTTPError(500, "internal_error", "the bulk action failed: \(error)"))
        }
    }
}

/// A bulk request's body, gathered (at most the route's limit, `BulkRequest.maxBodyBytes`),
/// then handed on with the request.
private final class BulkBody: RequestBodySink {
    private let request: Request
    private let whole: (Request, @escaping @Sendable (SendableResponse) -> Void) -> Void
    private var body: [UInt8] = []

    init(request: Request, whole: @escaping (Request, @escaping @Sendable (SendableResponse) -> Void) -> Void)
    {
        self.request = request
        self.whole = whole
    }

    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        body.append(contentsOf: chunk)
        return true
    }

    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        let full = Request(
            head: request.head, parameters: request.parameters, body: body, client: request.client,
            sentBy: request.sentBy)
        body = []
        whole(full, respond)
    }

    func cancel() { body = [] }
}
