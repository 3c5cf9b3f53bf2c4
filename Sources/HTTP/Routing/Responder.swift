import Platform

/// What a request gets, apart from how its bytes come and go: the route its head
/// matches, the handler's answer, and the JSON answer for any failure. The event
/// loop reads, parses and writes; it asks a responder for everything else.
struct Responder {
    /// The routes of the loop this responder serves.
    let router: Router
    /// Where failures no answer explains are logged.
    let logger: Logger

    /// The route `head` names.
    /// - Throws: `HTTPError` 404, 405 or 414 (see `Router.match`).
    func route(_ head: RequestHead) throws -> Router.Match {
        // `OPTIONS *` names the server, not a path: no route and no file is there.
        try router.match(method: head.method, path: head.target == "*" ? "*" : head.path)
    }

    /// The handler's answer to a complete request, or the error answer for what it threw.
    func answer(_ request: Request, by match: Router.Match) -> Response {
        do {
            return try match.handler(request)
        } catch {
            return errorResponse(error, path: request.head.path)
        }
    }

    /// The JSON answer for a failure of routing or of a handler: an error that names
    /// its own answer (`HTTPErrorConvertible`, `HTTPError`) gets it, with `Allow` on a
    /// 405; anything else is logged and answered 500.
    func errorResponse(_ error: any Error, path: Substring) -> Response {
        if let known = (error as? any HTTPErrorConvertible)?.httpError {
            return errorResponse(known, path: path)
        }
        guard let error = error as? HTTPError else {
            logger.log("roster: a handler failed: \(error)")
            return .error(
                HTTPError(500, "internal_error", "the server could not answer this request; see its log"))
        }
        var response = Response.error(error)
        if error.status == 405 {
            response.headers.add("Allow", router.allowedMethods(path: path).joined(separator: ", "))
        }
        return response
    }
}
