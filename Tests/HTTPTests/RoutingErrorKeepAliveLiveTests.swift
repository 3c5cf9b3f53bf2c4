import TestSupport
import Testing

@testable import HTTP

/// A routing error (404, 405) is answered at the request's head, before its
/// body; like any other answer it must close the connection when the request
/// asked for that (RFC 9112 9.3 and 9.6), and keep it otherwise.
@Suite(.serialized)
struct RoutingErrorKeepAliveLiveTests {
    static func routes(_ router: Router) {
        router.get("/hello") { _ in .text("hello") }
    }

    @Test(arguments: [
        "DELETE /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "DELETE /hello HTTP/1.0\r\nHost: x\r\n\r\n",
    ])
    func aRoutingErrorToARequestThatAsksToCloseClosesTheConnection(request: String) throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.setTimeout(2)
        client.send(request)
        let response = try #require(client.readResponses(1).first)
        #expect([404, 405].contains(response.status))
        #expect(response.headers["connection"] == "close")
        #expect(client.isClosedByPeer(), "the server closes after the answer")
    }

    @Test func aRoutingErrorToAKeepAliveRequestKeepsTheConnection() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.setTimeout(2)
        client.send(
            "DELETE /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let responses = client.readResponses(2)
        #expect(responses.map(\.status) == [405, 200])
        #expect(responses.first?.headers["connection"] == nil)
        #expect(client.get("/hello")?.text == "hello", "still open for a third")
    }
}
