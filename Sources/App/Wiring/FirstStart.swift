import Codecs
import Contacts
import HTTP

/// What a first start serves while it seeds its empty database: the server listens
/// at once, the page and its files load, and every API request is answered 503
/// `seeding` with `Retry-After: 1` and the seeding's progress, so the page shows
/// "Preparing the demo list: 42%" and loads the list when the real routes take
/// over (`Server.reroute`) on the same sockets. `/events` answers a stream that
/// only asks to be reconnected in a second, so the page's EventSource keeps trying
/// instead of giving up on an error.
enum FirstStart {
    /// Seconds a client waits before asking again.
    static let retrySeconds = 1

    /// The routes one event loop serves while `progress` runs.
    static func router(progress: SeedProgress, publicDirectory: String) throws -> Router {
        let router = Router()
        let files = try StaticFiles(root: publicDirectory)
        let retry = (name: "Retry-After", value: String(retrySeconds))
        let refuse: Router.Handler = { _ in answer(progress) }
        for pattern in ["/window", "/sections", "/contacts/{id}", "/avatar/{id}.svg", "/healthz", "/metrics"]
        {
            router.add("GET", pattern, headers: [retry], refuse)
        }
        router.get("/events") { _ in
            Response(
                headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store"],
                body: Array("retry: \(retrySeconds * 1000)\n\n".utf8))
        }
        router.get("/openapi.json") { _ in .json(OpenAPI.document) }
        // The page's files; any other path, however deep, is refused, writes and imports
        // before their body is read.
        let serveOrRefuse: Router.Handler = { request in
            guard files.serves(request.head.path) else {
                var refused = answer(progress)
                refused.headers.set(retry.name, retry.value)
                return refused
            }
            var response = try files.respond(to: request)
            if response.headers["Content-Type"]?.hasPrefix("text/html") == true || response.status == 304 {
                response.headers.add("Content-Security-Policy", Routes.contentSecurityPolicy)
            }
            return response
        }
        let body = BodyHandling.streamed(limit: Int.max) { _, _ in throw seeding(progress) }
        for depth in 1...4 {
            let pattern = (0..<depth).map { "/{p\($0)}" }.joined()
            router.get(pattern, serveOrRefuse)
            for method in ["POST", "PUT", "PATCH", "DELETE"] {
                router.add(method, pattern, body: body, headers: [retry], refuse)
            }
        }
        router.fallback = serveOrRefuse
        router.fallbackServes = { files.serves($0) }
        return router
    }

    /// The 503 every API request gets meanwhile: the contract's error body with the
    /// percent done (the routes add `Retry-After`).
    static func answer(_ progress: SeedProgress) -> Response {
        let error = seeding(progress)
        var json = JSONWriter()
        json.object {
            $0.field("error", error.code)
            $0.field("message", error.message)
            $0.field("percent", progress.percent)
        }
        var response = Response.json(json.bytes, status: 503)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private static func seeding(_ progress: SeedProgress) -> HTTPError {
        HTTPError(
            503, "seeding",
            "the server is preparing its demo list (\(Plural.count(progress.total, "contact"))): "
                + "\(progress.percent)% done; ask again in \(Plural.count(retrySeconds, "second"))")
    }
}
