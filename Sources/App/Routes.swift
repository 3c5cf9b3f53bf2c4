import HTTP
import Storage

/// The endpoints of API.md. Shared state (the catalog, sessions, metrics) is one
/// per process; `makeRouter()` is called once per event loop and gives that loop
/// its own read connection to the database.
struct Routes: Sendable {
    /// The page loads only its own script, styles, images and API: nothing inline,
    /// nothing from elsewhere.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    let databasePath: String
    let publicDirectory: String
    let catalog: Catalog
    let events: VersionEvents
    let sessions: SessionStore
    let metrics: Metrics
    let imports: ImportContext
    let maxImportBytes: Int

    func makeRouter() throws -> Router {
        let reader = StoreReader(store: try ContactStore(readingFrom: databasePath))
        let router = Router()
        let window = WindowHandler(reader: reader, catalog: catalog, sessions: sessions, metrics: metrics)
        let contacts = ContactHandlers(reader: reader, catalog: catalog)
        router.get("/window", window.handle)
        router.get("/sections", contacts.sections)
        router.get("/contacts/{id}", contacts.contact)
        router.get("/avatar/{id}.svg", contacts.avatar)
        router.get("/events") { [events] request in try events.respond(to: request) }
        router.get("/healthz") { _ in .text("ok") }
        for method in ["POST", "PUT"] {
            router.add(
                method, "/import",
                body: .streamed(limit: maxImportBytes) { [imports] request, flow in
                    try ImportSink(request: request, flow: flow, context: imports)
                },
                // Whether an import is taken depends on where it comes from (CSRF refusal).
                headers: [("Vary", "Sec-Fetch-Site, Origin")]
            ) { [imports] request in
                try imports.authorize(request.head)
                // A body-less request: an empty file.
                throw HTTPError(422, "invalid_csv", "the request has no body: send the CSV file as the body")
            }
        }
        router.get("/export.csv") { [databasePath] _ in
            Response(
                headers: [
                    "Content-Type": "text/csv; charset=utf-8",
                    "Content-Disposition": "attachment; filename=\"contacts.csv\"",
                    "Cache-Control": "no-store",
                ],
                stream: try ExportSource(databasePath: databasePath))
        }
        router.get("/metrics") { [catalog, sessions, metrics] _ in
            var response = Response.text(
                metrics.render(sessions: sessions.count, contacts: catalog.current.total))
            response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
            return response
        }
        router.get("/openapi.json") { _ in .json(OpenAPI.document) }
        let files = try StaticFiles(root: publicDirectory)
        router.fallback = { request in
            var response = try files.respond(to: request)
            if response.headers["Content-Type"]?.hasPrefix("text/html") == true || response.status == 304 {
                response.headers.add("Content-Security-Policy", Self.contentSecurityPolicy)
            }
            return response
        }
        router.fallbackServes = { files.serves($0) }
        router.onTick = { reader.releaseIfStale() }
        router.observer = { [metrics] route, status, seconds in
            metrics.observe(route: route, status: status, seconds: seconds)
        }
        return router
    }
}
