import HTTP
import Storage

/// The endpoints of API.md, built once per event loop so that each loop's
/// handlers use that loop's own database connection.
struct Routes: Sendable {
    let databasePath: String
    let publicDirectory: String

    func makeRouter() throws -> Router {
        let router = Router()
        router.get("/healthz") { _ in .text("ok") }
        let files = try StaticFiles(root: publicDirectory)
        router.fallback = files.respond
        return router
    }
}
