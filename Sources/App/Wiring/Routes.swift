import Contacts
import HTTP
import Phones

/// The endpoints of the contract (docs/api.md, "The contract"). Shared state (the catalog,
/// sessions, metrics) is one per process; `makeRouter()` is called once per event loop and gives
/// that loop its own read connection to the database.
struct Routes: Sendable {
    /// The page loads only its own script, styles, images and API: nothing inline,
    /// nothing from elsewhere.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Whether a write is taken depends on where it comes from (CSRF refusal) and
    /// on its token or session cookie. (`Host` decides too, but it is part of the
    /// target URI every cache keys by already.)
    static let writeVary = (name: "Vary", value: "Sec-Fetch-Site, Origin, Authorization, Cookie")

    /// Whether an export is answered depends on its token or session (and its `Host`, see `writeVary`).
    static let exportVary = (name: "Vary", value: "Authorization, Cookie")

    /// Opens one event loop's read connection.
    let openSource: @Sendable () throws -> any ContactSource
    /// Starts an export's read of the whole list.
    let openScan: @Sendable () throws -> any ContactScanning
    let publicDirectory: String
    /// What `GET /` is made of and the folder's version, read once from `publicDirectory` at start,
    /// not by every loop's router.
    let pageAssets: PageAssets
    let catalog: Catalog
    let events: VersionEvents
    let sessions: SessionStore
    let metrics: Metrics
    /// Recent searches' results, shared by every loop.
    let searches: SearchCache
    let imports: ImportContext
    /// Who may write and export: imports, contact writes and `/export.csv` all ask it.
    let writes: WriteGate
    /// Who may read, off loopback: every read route but `/healthz` and `/openapi.json` asks it.
    let reads: ReadGate
    /// `/login` and `/logout`.
    let signIn: SignIn
    /// The process's one writer of single contacts.
    let contactWriter: ContactWriter
    let maxImportBytes: Int
    /// The list's phone region (`ContactBackend.phoneRegion`).
    let phoneRegion: PhoneRegion
    /// The undo tokens of bulk actions, shared by every loop.
    let bulkUndo = BulkUndoRegistry()
    /// Where bulk actions and their undo run: off the loops, one at a time.
    let bulkWork = BulkWork<BulkHandlers>()
    /// Thumbnails of the stored photos, and the workers they and uploads are made on.
    let thumbnails: PhotoThumbnails
    /// Opens a connection reading stored photos (an export's).
    let openPhotos: @Sendable () throws -> any PhotoReading

    func makeRouter() throws -> Router {
        let reader = StoreReader(store: try openSource(), catalog: catalog)
        let router = Router()
        let window = WindowHandler(
            reader: reader, catalog: catalog, sessions: sessions, metrics: metrics, searches: searches,
            region: phoneRegion)
        let contacts = ContactHandlers(
            reader: reader, catalog: catalog, searches: searches, region: phoneRegion)
        let guarded = reads.headers
        router.add("GET", "/window", headers: guarded, reads.guarding(window.handle))
        router.add("GET", "/sections", headers: guarded, reads.guarding(contacts.sections))
        router.add("GET", "/contacts/{id}", headers: guarded, reads.guarding(contacts.contact))
        router.add("GET", "/labels", headers: guarded, reads.guarding(contacts.labels))
        let edits = ContactWriteHandlers(writer: contactWriter, gate: writes, region: phoneRegion)
        let body = BodyHandling.buffered(limit: ContactInput.maxBodyBytes)
        router.add("POST", "/contacts", body: body, headers: [Self.writeVary], edits.create)
        router.add("PATCH", "/contacts/{id}", body: body, headers: [Self.writeVary], edits.update)
        router.add("DELETE", "/contacts/{id}", headers: [Self.writeVary], edits.delete)
        router.add("POST", "/contacts/{id}/restore", headers: [Self.writeVary], edits.restore)
        let bulk = BulkHandlers(
            reader: reader, catalog: catalog, searches: searches, writer: contactWriter, gate: writes,
            undo: bulkUndo, openSource: openSource, region: phoneRegion)
        let bulkBody = BodyHandling.buffered(limit: BulkRequest.maxBodyBytes)
        // On the bulk queue, with handlers reading through a connection of their own (a
        // request with no body is refused here, on the loop).
        let offLoop = { [self] in
            BulkHandlers(
                reader: StoreReader(store: try openSource(), catalog: catalog), catalog: catalog,
                searches: searches, writer: contactWriter, gate: writes, undo: bulkUndo,
                openSource: openSource, region: phoneRegion)
        }
        for (path, action, limit) in [
            ("/contacts/bulk", BulkHandlers.bulk, BulkRequest.maxBodyBytes),
            ("/contacts/bulk/undo", BulkHandlers.undoBulk, ContactInput.maxBodyBytes),
        ] {
            router.add(
                "POST", path,
                body: .streamed(limit: limit) { [bulkWork] request, _ in
                    bulkWork.sink(for: request, making: offLoop) { handlers, whole in
                        try action(handlers)(whole)
                    }
                }, headers: [Self.writeVary], action(bulk))
        }
        router.add(
            "POST", "/export.csv", body: bulkBody, headers: [Self.exportVary],
            reads.guarding { request in try bulk.export(request, format: .csv) })
        router.add(
            "POST", "/export.vcf", body: bulkBody, headers: [Self.exportVary],
            reads.guarding { request in try bulk.export(request, format: .vCard(.v3)) })
        router.add("GET", "/avatar/{id}.svg", headers: guarded, reads.guarding(contacts.avatar))
        let photos = PhotoWrites(
            writer: contactWriter, gate: writes, region: phoneRegion, workers: thumbnails.workers)
        router.add(
            "GET", "/photos/{digest}", body: .deferred(answer: thumbnails.answer),
            headers: guarded + [(name: "Vary", value: "Accept")]
        ) { _ in throw HTTPError(500, "internal", "a photo is answered by its workers") }
        router.add(
            "PUT", "/contacts/{id}/photo",
            body: .streamed(limit: PhotoWrites.maxBodyBytes) { request, _ in try photos.upload(request) },
            headers: [Self.writeVary], photos.emptyUpload)
        router.add("DELETE", "/contacts/{id}/photo", headers: [Self.writeVary], photos.delete)
        router.add(
            "GET", "/events", headers: guarded,
            reads.guarding { [events] request in try events.respond(to: request) })
        router.get("/healthz") { _ in .text("ok") }
        let signInBody = BodyHandling.buffered(limit: SignIn.maxBodyBytes)
        router.add("POST", "/login", body: signInBody, headers: [Self.writeVary], signIn.login)
        router.add("POST", "/logout", body: signInBody, headers: [Self.writeVary], signIn.logout)
        for method in ["POST", "PUT"] {
            router.add(
                method, "/import",
                body: .streamed(limit: maxImportBytes) { [imports] request, flow in
                    try ImportSink(request: request, flow: flow, context: imports)
                },
                headers: [Self.writeVary]
            ) { [imports] request in
                try imports.authorize(request)
                // A body-less request: an empty file.
                throw HTTPError(422, "invalid_csv", "the request has no body: send the CSV file as the body")
            }
        }
        router.add(
            "POST", "/import/preview", body: .buffered(limit: ImportPreview.maxBodyBytes),
            headers: [Self.writeVary]
        ) { [imports] request in try ImportPreview.respond(request, context: imports) }
        router.add(
            "GET", "/export.csv", headers: [Self.exportVary],
            reads.guarding { [openScan, openPhotos, writes] request in
                try writes.authorizeExport(request.head, client: request.client)
                return Response(
                    headers: [
                        "Content-Type": "text/csv; charset=utf-8",
                        "Content-Disposition": "attachment; filename=\"contacts.csv\"",
                        "Cache-Control": "no-store",
                    ],
                    stream: ExportSource(scan: try openScan(), photos: try openPhotos()))
            })
        router.add(
            "GET", "/export.vcf", headers: [Self.exportVary],
            reads.guarding { [openScan, openPhotos, writes] request in
                try writes.authorizeExport(request.head, client: request.client)
                let version = try Self.vCardVersion(request)
                return Response(
                    headers: [
                        "Content-Type": "text/vcard; charset=utf-8",
                        "Content-Disposition": "attachment; filename=\"contacts.vcf\"",
                        "Cache-Control": "no-store",
                    ],
                    stream: ExportSource(
                        scan: try openScan(), photos: try openPhotos(), format: .vCard(version)))
            })
        router.add(
            "GET", "/metrics", headers: guarded,
            reads.guarding { [catalog, sessions, metrics, searches] _ in
                var response = Response.text(
                    metrics.render(
                        sessions: sessions.count, contacts: catalog.current.total, searches: searches.figures)
                )
                response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                return response
            })
        router.get("/openapi.json") { _ in .json(OpenAPI.document) }
        let page = PageHandler(
            assets: pageAssets, reads: reads, window: window.handle,
            sections: contacts.sections)
        let files = try StaticFiles(root: publicDirectory, version: page.assets.content)
        router.fallback = { request in
            if request.head.path == "/" { return try page.respond(to: request) }
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

    /// `/export.vcf`'s `version`: 3.0 (the default, which iOS and macOS read best) or 4.0.
    /// - Throws: 400 `invalid_parameter` for another version or another parameter.
    static func vCardVersion(_ request: Request) throws(HTTPError) -> VCardWriter.Version {
        var version = VCardWriter.Version.v3
        for (name, value) in try request.queryItems() {
            guard name == "version" else {
                throw HTTPError(
                    400, "invalid_parameter",
                    "unknown parameter '\(name.prefix(40))': /export.vcf takes version")
            }
            guard let asked = VCardWriter.Version(rawValue: value) else {
                throw HTTPError(
                    400, "invalid_parameter", "version must be 3.0 or 4.0, not '\(value.prefix(40))'")
            }
            version = asked
        }
        return version
    }

}
