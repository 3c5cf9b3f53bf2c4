import TestSupport
import Testing

@testable import HTTP

/// `Server.reroute`: every loop takes a new router on the same sockets, and a
/// kept-alive connection is routed by it from its next request on.
struct RerouteTests {
    @Test func everyLoopRoutesWithTheNewRouterOnTheSamePort() throws {
        let live = try LiveServer { router in router.get("/which") { _ in .text("first") } }
        let kept = live.connect()
        #expect(kept.get("/which")?.text == "first")
        let port = live.server.port
        try live.server.reroute { index in
            let router = Router()
            router.get("/which") { _ in .text("second \(index)") }
            router.get("/new") { _ in .text("new") }
            return router
        }
        #expect(live.server.port == port)
        #expect(kept.get("/which")?.text.hasPrefix("second") == true, "the kept-alive connection")
        // New connections spread over both loops: each answers with its own new router.
        var seen = Set<String>()
        for _ in 0..<40 { seen.insert(live.connect().get("/which")?.text ?? "none") }
        #expect(seen.isSubset(of: ["second 0", "second 1"]) && !seen.isEmpty, "\(seen)")
        #expect(live.connect().get("/new")?.text == "new")
    }

    @Test func aRouterThatCannotBeMadeIsThrownAndTheOldOneStays() throws {
        struct Refused: Error {}
        let live = try LiveServer { router in router.get("/which") { _ in .text("first") } }
        #expect(throws: Refused.self) { try live.server.reroute { _ in throw Refused() } }
        #expect(live.connect().get("/which")?.text == "first")
    }
}
