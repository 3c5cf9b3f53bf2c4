import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// The event streams a route opened, so a test can feed them from its own thread.
final class OpenedStreams: Sendable {
    private let streams = Mutex<[EventStream]>([])
    let closed = Atomic(0)

    func add(_ stream: EventStream) { streams.withLock { $0.append(stream) } }
    var all: [EventStream] { streams.withLock { $0 } }

    /// The route: a stream whose first event is `hello`.
    func route(_ router: Router) {
        router.get("/events") { [self] _ in
            let stream = EventStream { self.closed.add(1, ordering: .relaxed) }
            stream.send(ServerSentEvent(id: "0", event: "hello", data: "hi"))
            add(stream)
            return Response(headers: ["Content-Type": "text/event-stream"], events: stream)
        }
        router.get("/hello") { _ in .text("hello") }
    }

    /// Waits up to `seconds` for `count` streams to have closed.
    func waitForClosed(_ count: Int, seconds: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while closed.load(ordering: .relaxed) < count && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return closed.load(ordering: .relaxed) >= count
    }
}

@Suite(.serialized)
struct EventStreamLiveTests {
    @Test func anEventSentFromAnotherThreadReachesTheClientWithinMilliseconds() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(routes: opened.route)
        let reader = EventStreamReader(port: live.server.port, headers: ["Accept-Encoding": "gzip"])
        #expect(reader.status == 200 && reader.headers["transfer-encoding"] == "chunked")
        #expect(reader.headers["content-encoding"] == nil && reader.headers["content-length"] == nil)
        #expect(reader.next()?["data"] == "hi")
        let big = String(repeating: "x", count: 4000)  // past the size where bodies are gzipped
        for round in 1...5 {
            let sent = Date()
            Thread.detachNewThread { opened.all.first?.send(ServerSentEvent(id: String(round), data: big)) }
            let message = reader.next()
            #expect(message?["id"] == String(round) && message?["data"] == big)
            #expect(Date().timeIntervalSince(sent) < 0.25)
        }
    }

    @Test func aQuietStreamGetsAKeepAliveComment() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(configure: { $0.eventHeartbeat = 0.2 }, routes: opened.route)
        let reader = EventStreamReader(port: live.server.port)
        #expect(reader.next()?["data"] == "hi")
        #expect(reader.next(timeout: 2)?[":"] == "keep-alive")
        #expect(reader.next(timeout: 2)?[":"] == "keep-alive")
    }

    @Test func finishingEndsTheBodyAndTheClientsCloseEndsTheStream() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(routes: opened.route)
        let finished = EventStreamReader(port: live.server.port)
        let left = EventStreamReader(port: live.server.port)
        #expect(finished.next() != nil && left.next() != nil)
        let streams = opened.all
        let stream = try #require(streams.first { _ in true })
        stream.send(ServerSentEvent(id: "last"))
        stream.finish()
        // Whichever connection got that stream sees its last event, then the end.
        let (mine, other) = finished.next(timeout: 0.5)?["id"] == "last" ? (finished, left) : (left, finished)
        #expect(mine.waitForEnd(timeout: 2))
        #expect(opened.waitForClosed(1))
        #expect(!other.ended)
        shutdown(other.client.fd, Int32(SHUT_RDWR))  // the client leaves (its deinit closes the fd)
        #expect(opened.waitForClosed(2), "a client that leaves closes its stream")
    }

    @Test func anHTTP10ClientGetsTheStreamDelimitedByTheClose() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(routes: opened.route)
        let reader = EventStreamReader(port: live.server.port, version: "1.0")
        #expect(reader.status == 200 && reader.headers["transfer-encoding"] == nil)
        #expect(reader.headers["connection"] == "close")
        #expect(reader.next()?["data"] == "hi")
        opened.all.first?.finish()
        #expect(reader.waitForEnd(timeout: 2))
    }

    @Test func aHeadRequestGetsTheHeadAndTheStreamIsLetGo() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(routes: opened.route)
        let client = live.connect()
        client.send("HEAD /events HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        // Read raw: RawClient's parser would take the chunked framing as a body to wait for.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).hasSuffix("hello") {
            let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let heads = text.components(separatedBy: "\r\n\r\n")
        #expect(heads.count == 3 && heads[0].hasPrefix("HTTP/1.1 200") && heads[1].hasPrefix("HTTP/1.1 200"))
        #expect(heads.last == "hello", "no body after the first head, and the connection goes on")
        #expect(opened.waitForClosed(1))
    }

    @Test func aRequestPipelinedBehindAStreamIsDroppedNeverAnsweredInsideIt() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(routes: opened.route)
        let client = live.connect()
        client.send(
            "GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
                + "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func read(until done: (String) -> Bool) {
            while !done(String(decoding: received, as: UTF8.self)) {
                let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                received += buffer[0..<count]
            }
        }
        read { $0.contains("data: hi\n\n") }
        let stream = try #require(opened.all.first)
        stream.send(ServerSentEvent(id: "1", data: "more"))
        stream.finish()
        read { _ in false }  // to the close that follows the stream's end
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer: the stream's")
        #expect(text.contains("data: more\n\n") && text.hasSuffix("\r\n0\r\n\r\n"))
        #expect(!text.contains("text/plain") && !text.contains("\r\n\r\nhello"), "nor /hello's, anywhere")
    }

    @Test func stoppingTheServerEndsOpenStreamsPromptly() throws {
        let opened = OpenedStreams()
        let live = try LiveServer(routes: opened.route)
        let readers = (0..<3).map { _ in EventStreamReader(port: live.server.port) }
        for reader in readers { #expect(reader.next() != nil) }
        let started = Date()
        live.server.stop()
        for reader in readers { #expect(reader.waitForEnd(timeout: 1), "the last chunk came") }
        live.server.wait()
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(opened.waitForClosed(3))
    }
}
