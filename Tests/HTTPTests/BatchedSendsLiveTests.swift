import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// The answers to the requests one `epoll_wait` reported go out together after the
/// last is handled, not one by one between them (`EventBatch`).
struct BatchedSendsLiveTests {
    /// Whether a byte is waiting on `fd` (without reading it).
    static func hasBytes(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    @Test func requestsReadTogetherAreAllHandledBeforeAnyAnswerIsSent() throws {
        // The client sockets, so that each handler can look whether the other's answer came.
        let clients = Mutex<[String: Int32]>([:])
        let seen = Mutex<[String: Bool]>([:])
        let live = try LiveServer(
            configure: { $0.loops = 1 },
            routes: { router in
                router.get("/hold") { _ in
                    usleep(200_000)  // the loop is busy: the next two requests arrive meanwhile
                    return .text("held")
                }
                router.get("/{name}") { request in
                    let name = request.parameters["name"] ?? ""
                    let other = clients.withLock { $0[name == "a" ? "b" : "a"] }
                    seen.withLock { $0[name] = other.map(Self.hasBytes) ?? true }
                    return .text(name)
                }
            })
        let hold = live.connect()
        let a = live.connect()
        let b = live.connect()
        clients.withLock { $0 = ["a": a.fd, "b": b.fd] }
        hold.send("GET /hold HTTP/1.1\r\nHost: localhost\r\n\r\n")
        usleep(50_000)
        a.send("GET /a HTTP/1.1\r\nHost: localhost\r\n\r\n")
        b.send("GET /b HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(hold.readResponses(1).first?.text == "held")
        #expect(a.readResponses(1).first?.text == "a")
        #expect(b.readResponses(1).first?.text == "b")
        #expect(
            seen.withLock { $0 } == ["a": false, "b": false],
            "neither answer was out while the other was made")
    }
}
