import Foundation
import HTTP
import Storage

/// Times the window handler in process (no sockets): the application's own cost per request.
public enum WindowProbe {
    public static func run(database: String, requests: Int = 20_000, gzipping: Bool = true) throws -> (handler: Double, gzip: Double) {
        let store = try ContactStore(readingFrom: database)
        let catalog = Catalog(try ListSnapshot(store: store))
        let routes = Routes(databasePath: database, publicDirectory: "/tmp", catalog: catalog, sessions: SessionStore(), metrics: Metrics())
        let router = try routes.makeRouter()
        let gzip = Gzip(level: 1, windowBits: 14, memoryLevel: 6)
        var random = SystemRandomNumberGenerator()
        let content = catalog.current.layout.contentHeight
        var handlerTime: UInt64 = 0
        var gzipTime: UInt64 = 0
        for _ in 0..<requests {
            let offset = Int.random(in: 0..<content, using: &random)
            let head = RequestHead(method: "GET", target: "/window?offset=\(offset)&height=800", version: .http11, headers: ["Host": "x"], framing: .none, expectsContinue: false)
            let t0 = DispatchTime.now().uptimeNanoseconds
            let match = try router.match(method: "GET", path: head.path)
            let response = try match.handler(Request(head: head, parameters: match.parameters))
            let t1 = DispatchTime.now().uptimeNanoseconds
            if gzipping, case .bytes(let body) = response.body { _ = gzip.compress(body) }
            let t2 = DispatchTime.now().uptimeNanoseconds
            handlerTime += t1 - t0
            gzipTime += t2 - t1
        }
        return (Double(handlerTime) / 1e3 / Double(requests), Double(gzipTime) / 1e3 / Double(requests))
    }
}
