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
        GatheredBody { [self] body, respond in
            let whole = Request(
                head: request.head, parameters: request.parameters, body: body, client: request.client,
                sentBy: request.sentBy)
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
            return .error(error) { HTTPError(500, "internal_error", "the bulk action failed: \($0)") }
        }
    }
}
