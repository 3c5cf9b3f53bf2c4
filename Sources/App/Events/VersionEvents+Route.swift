import HTTP

extension VersionEvents {
    /// `GET /events`: a `text/event-stream` of versions, starting with the
    /// newest (see `open(lastEventID:)`). Never stored by a cache, never
    /// compressed, never buffered by a proxy that heeds `X-Accel-Buffering`.
    /// - Throws: `HTTPError` 406 when `Accept` rules out `text/event-stream`
    ///   (no `Accept` at all is fine).
    func respond(to request: Request) throws -> Response {
        guard request.head.headers.accepts("text/event-stream") else {
            throw HTTPError(
                406, "not_acceptable",
                "/events answers only text/event-stream; send Accept: text/event-stream, or no Accept")
        }
        let lastEventID = request.head.headers["Last-Event-ID"]?.trimmingHTTPWhitespace()
        return Response(
            headers: [
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            ],
            events: open(lastEventID: lastEventID))
    }
}
