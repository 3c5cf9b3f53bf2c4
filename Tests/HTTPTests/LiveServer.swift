import Foundation
import TestSupport

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// A server on a free port with the given router, stopped when the test ends.
final class LiveServer {
    let server: Server

    init(configure: (inout ServerConfiguration) -> Void = { _ in }, routes: @escaping (Router) -> Void) throws
    {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.loops = 2
        configure(&configuration)
        server = Server(configuration: configuration) { _ in
            let router = Router()
            routes(router)
            return router
        }
        try server.start()
    }

    deinit {
        server.stop()
        server.wait()
    }

    func connect() -> RawClient { RawClient(port: server.port) }
}
