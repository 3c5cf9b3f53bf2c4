import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// Takes every piece, but reports itself full after the body's last one and
/// catches up a moment later from another thread (an import whose queue the
/// end of a file filled).
final class FullAtTheEndSink: RequestBodySink, @unchecked Sendable {
    let flow: BodyFlow
    let expected: Int
    var bytes = 0
    init(flow: BodyFlow, expected: Int) {
        self.flow = flow
        self.expected = expected
    }
    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        bytes += chunk.count
        guard bytes == expected else { return true }
        let flow = flow
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { flow.resume() }
        return false
    }
    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        respond(SendableResponse(.text("got \(bytes) bytes")))
    }
    func cancel() {}
}

/// Takes the body, then refuses it when it is complete.
final class RefusingSink: RequestBodySink {
    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool { true }
    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        throw HTTPError(422, "bad_rows", "the rows are wrong")
    }
    func cancel() {}
}

@Suite(.serialized)
struct SinkBackpressureLiveTests {
    @Test func aSinkThatRefusesAtTheEndIsAnsweredAndThePipelinedRequestAfterIt() throws {
        let live = try LiveServer(routes: { router in
            router.add("POST", "/import", body: .streamed(limit: 1024) { _, _ in RefusingSink() }) { _ in
                .text("unused")
            }
            router.get("/after") { _ in .text("after") }
        })
        let client = live.connect()
        client.send(
            "POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
                + "GET /after HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        let responses = client.readResponses(3)
        #expect(responses.map(\.status) == [422, 200, 200])
    }

    // Before the state machine, the resume found no bytes pending and parsed
    // nothing, so the parser's end was never seen and the request ended in 408
    // once the rate window passed with no progress.
    @Test func aSinkFullAfterTheBodysLastPieceStillAnswers() throws {
        let size = 200_000
        let live = try LiveServer(
            configure: {
                $0.minimumBodyRate = 1024
                $0.bodyRateWindow = 0.3
            },
            routes: { router in
                router.add(
                    "POST", "/import",
                    body: .streamed(limit: 1 << 20) { _, flow in FullAtTheEndSink(flow: flow, expected: size)
                    }
                ) { _ in .text("unused") }
            })
        let client = live.connect()
        client.send("POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n")
        client.send([UInt8](repeating: 0x61, count: size))
        let response = client.readResponses().first
        #expect(response?.status == 200)
        #expect(response?.text == "got \(size) bytes")
    }

    @Test func aTimeoutOfAKnownRouteIsObservedUnderThatRoute() throws {
        let seen = Mutex<[String]>([])
        let live = try LiveServer(
            configure: { $0.bodyTimeout = 0.3 },
            routes: { router in
                router.add("POST", "/echo", body: .buffered(limit: 16)) { _ in .text("unused") }
                router.observer = { route, status, _ in seen.withLock { $0.append("\(route) \(status)") } }
            })
        let client = live.connect()
        client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        #expect(client.readResponses().first?.status == 408)
        #expect(seen.withLock { $0 } == ["/echo 408"])
    }
}
