import Codecs
import Testing

@testable import HTTP

struct RouterTests {
    func router() -> Router {
        let router = Router()
        router.get("/contacts/{id}") { request in .text("contact \(request.parameters["id"]!)") }
        router.get("/avatar/{id}.svg") { request in .text("avatar \(request.parameters["id"]!)") }
        router.add("POST", "/import") { _ in .text("import") }
        router.add("PUT", "/import") { _ in .text("import") }
        return router
    }

    @Test func parametersAreMatchedAndDecoded() throws {
        let router = router()
        #expect(try router.match(method: "GET", path: "/contacts/42").parameters == ["id": "42"])
        #expect(try router.match(method: "HEAD", path: "/contacts/42").parameters == ["id": "42"])
        #expect(try router.match(method: "GET", path: "/avatar/7.svg").parameters == ["id": "7"])
        #expect(try router.match(method: "GET", path: "/contacts/a%20b").parameters == ["id": "a b"])
    }

    @Test func unknownPathsAre404AndWrongMethods405WithAllow() {
        let router = router()
        #expect(throws: HTTPError.self) { try router.match(method: "GET", path: "/avatar/7.png") }
        #expect(throws: HTTPError.self) { try router.match(method: "GET", path: "/contacts/1/2") }
        #expect { try router.match(method: "DELETE", path: "/import") } throws: {
            ($0 as? HTTPError)?.status == 405
        }
        #expect(router.allowedMethods(path: "/import") == ["POST", "PUT"])
        #expect(router.allowedMethods(path: "/contacts/3") == ["GET", "HEAD"])
        #expect { try router.match(method: "GET", path: "/nothing") } throws: {
            ($0 as? HTTPError)?.status == 404
        }
    }

    @Test func theFallbackTakesOnlyGetAndHead() throws {
        let router = router()
        router.fallback = { _ in .text("static") }
        #expect(throws: Never.self) { try router.match(method: "GET", path: "/app.js") }
        #expect { try router.match(method: "POST", path: "/app.js") } throws: {
            ($0 as? HTTPError)?.status == 404
        }
    }

    @Test func queryItemsAreDecodedAndMalformedOnesRefused() throws {
        func items(_ target: String) throws -> [String] {
            let head = RequestHead(
                method: "GET", target: target, version: .http11, headers: ["Host": "x"], framing: .none,
                expectsContinue: false)
            return try Request(head: head).queryItems().map { "\($0.name)=\($0.value)" }
        }
        #expect(
            try items("/w?offset=10&height=8%300&x=a+b&flag") == [
                "offset=10", "height=800", "x=a b", "flag=",
            ])
        #expect(try items("/w") == [])
        #expect(try items("/w?&&a=1&&b&=2&c==3&") == ["a=1", "b=", "=2", "c==3"])
        #expect(try items("/w?na%20me=%C3%A9+%2B") == ["na me=é +"])
        #expect(try items("/w?%E2%80%A8=x") == ["\u{2028}=x"])
        #expect(throws: HTTPError.self) { try items("/w?offset=%G1") }
        #expect(throws: HTTPError.self) { try items("/w?name=%FF") }
    }
}
