/// The sink of a `.deferred` route (`BodyHandling.deferred`): it takes no body (a body is
/// refused as over its limit of 0 bytes), and at the request's end hands the request to the
/// route's answer, which responds when its work is done.
final class DeferredAnswer: RequestBodySink {
    private let request: Request
    private let answer: (Request, @escaping @Sendable (SendableResponse) -> Void) throws -> Void

    init(
        request: Request,
        answer: @escaping (Request, @escaping @Sendable (SendableResponse) -> Void) throws -> Void
    ) {
        self.request = request
        self.answer = answer
    }

    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool { true }

    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        try answer(request, respond)
    }

    func cancel() {}
}
