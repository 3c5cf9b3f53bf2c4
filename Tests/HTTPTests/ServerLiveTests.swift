import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTP

/// Counts the bytes of a streamed upload.
final class CountingSink: RequestBodySink {
    var bytes: [UInt8] = []
    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        bytes += chunk
        return true
    }
    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        respond(
            SendableResponse(
                .text("got \(bytes.count) bytes: \(String(decoding: bytes.prefix(40), as: UTF8.self))")))
    }
    func cancel() {}
}

/// Produces `remaining` chunks of 64 KiB and records how many were pulled.
final class CountingSource: ResponseBodySource, @unchecked Sendable {
    var remaining: Int
    var pulled = 0
    init(chunks: Int) { remaining = chunks }
    func next() throws -> [UInt8]? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        pulled += 1
        return [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
    }
}

@Suite(.serialized)
struct ServerLiveTests {
    static func routes(_ router: Router) {
        router.get("/hello") { _ in .text("hello") }
        router.get("/big") { _ in .text(String(repeating: "roster ", count: 1000)) }
        router.get("/fail") { _ in throw CocoaError(.fileNoSuchFile) }
        router.get("/items/{id}.json") { request in .text("item \(request.parameters["id"] ?? "?")") }
        router.add("POST", "/echo", body: .buffered(limit: 16)) { request in
            .text("echo \(String(decoding: request.body, as: UTF8.self))")
        }
        router.add("PUT", "/upload", body: .streamed(limit: 1 << 20) { _, _ in CountingSink() }) { _ in
            .text("unused")
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        for _ in 0..<3 {
            client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = client.readResponses().first
            #expect(response?.status == 200 && response?.text == "hello")
            #expect(response?.headers["date"] != nil && response?.headers["server"] == "roster")
        }
    }

    @Test func connectionCloseAndHTTP10CloseAfterTheResponse() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(client.readResponses().first?.headers["connection"] == "close")
        #expect(client.isClosedByPeer())
        let old = live.connect()
        old.send("GET /hello HTTP/1.0\r\n\r\n")
        #expect(old.readResponses().first?.text == "hello")
        #expect(old.isClosedByPeer())
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.send(
            "GET /items/1.json HTTP/1.1\r\nHost: x\r\n\r\nPOST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhiGET /items/%C3%A9.json HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        let texts = client.readResponses(3).map(\.text)
        #expect(texts == ["item 1", "echo hi", "item é"])
    }

    @Test func chunkedUploadsStreamToTheSinkWhole() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        let payload = String(repeating: "0123456789", count: 30_000)
        var request = "PUT /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        var rest = Substring(payload)
        while !rest.isEmpty {
            let piece = rest.prefix(7000)
            request += String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n"
            rest = rest.dropFirst(piece.count)
        }
        client.send(request + "0\r\n\r\n")
        #expect(client.readResponses().first?.text.hasPrefix("got 300000 bytes: 0123456789") == true)
    }

    @Test func expectContinueIsAnsweredBeforeTheBodyIsSent() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.send("PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        #expect(client.readResponses().first?.status == 100)
        client.send("abcde")
        #expect(client.readResponses().first?.text == "got 5 bytes: abcde")
    }

    @Test func bodiesOverTheRouteLimitGet413WithoutBeingRead() throws {
        let live = try LiveServer(routes: Self.routes)
        let declared = live.connect()
        declared.send(
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\nExpect: 100-continue\r\n\r\n")
        let refused = declared.readResponses().first
        #expect(refused?.status == 413 && refused?.text.contains("content_too_large") == true)
        #expect(declared.isClosedByPeer())
        let chunked = live.connect()
        chunked.send(
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n"
                + String(repeating: "a", count: 32) + "\r\n0\r\n\r\n")
        #expect(chunked.readResponses().first?.status == 413)
    }

    @Test func limitsAndMalformedRequestsGetJSONErrorsAndClose() throws {
        let live = try LiveServer(routes: Self.routes)
        let cases: [(String, Int)] = [
            ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "b", count: 40_000) + "\r\n\r\n", 431),
            ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ]
        for (request, status) in cases {
            let client = live.connect()
            client.send(request)
            let response = client.readResponses().first
            #expect(response?.status == status)
            #expect(response?.headers["content-type"] == "application/json")
            #expect(client.isClosedByPeer())
        }
    }

    @Test func routingErrorsAndThrowingHandlersLeaveTheConnectionUsable() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.send(
            "GET /nothing HTTP/1.1\r\nHost: x\r\n\r\nDELETE /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /fail HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        let responses = client.readResponses(4)
        #expect(responses.map(\.status) == [404, 405, 500, 200])
        #expect(responses[1].headers["allow"] == "GET, HEAD")
        #expect(responses[2].text.contains("internal_error"))
    }

    @Test func largeBodiesAreGzippedWhenAcceptedAndHeadHasNoBody() throws {
        let live = try LiveServer(routes: Self.routes)
        let client = live.connect()
        client.send(
            "GET /big HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br, gzip\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\nGET /big HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip;q=0\r\n\r\n"
        )
        let responses = client.readResponses(3)
        #expect(
            responses[0].headers["content-encoding"] == "gzip"
                && responses[0].headers["vary"] == "Accept-Encoding")
        #expect(responses[0].body.count < 500 && responses[0].body.starts(with: [0x1f, 0x8b]))
        #expect(responses[1].headers["content-encoding"] == nil, "small bodies stay plain")
        #expect(responses[2].headers["content-encoding"] == nil && responses[2].body.count == 7000)
        let head = live.connect()
        head.send("HEAD /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        var raw: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while case let n = buffer.withUnsafeMutableBytes({ recv(head.fd, $0.baseAddress, $0.count, 0) }),
            n > 0
        { raw += buffer[0..<n] }
        let text = String(decoding: raw, as: UTF8.self)
        #expect(text.contains("Content-Length: 7000") && text.hasSuffix("\r\n\r\n"))
    }

    @Test func aSlowReaderNeverMakesTheServerBufferTheWholeStream() throws {
        let source = CountingSource(chunks: 2000)  // 125 MiB if produced at once
        let live = try LiveServer(routes: { router in router.get("/stream") { _ in Response(stream: source) }
        })
        let client = live.connect()
        client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        // Wait until the server stops pulling (the socket's buffers are full), for at most 5 s.
        var last = -1
        var polls = 0
        while (source.pulled != last || last == 0) && polls < 100 {
            last = source.pulled
            polls += 1
            Thread.sleep(forTimeInterval: 0.05)
        }
        let pulled = source.pulled
        try #require(pulled > 0, "the stream never started: nothing was held back")
        #expect(pulled < 100, "pulled \(pulled) chunks for a client that reads nothing")
        // What filled the socket was the stream: reading now gives its head and its first chunk.
        client.setTimeout(5)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let headEnd = Array("\r\n\r\n".utf8)
        var bodyStart: Int?
        while bodyStart.map({ received.count < $0 + 8 + 64 * 1024 }) ?? true {
            let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
            if bodyStart == nil, let end = received.firstRange(of: headEnd) { bodyStart = end.upperBound }
        }
        let start = try #require(bodyStart, "no response head arrived (\(received.count) bytes)")
        let head = String(decoding: received[..<start], as: UTF8.self).lowercased()
        #expect(head.hasPrefix("http/1.1 200 ") && head.contains("transfer-encoding: chunked"))
        let body = received[start...]
        let sizeLine = Array("10000\r\n".utf8)
        #expect(body.starts(with: sizeLine), "the first chunk is 64 KiB")
        let data = body.dropFirst(sizeLine.count).prefix(64 * 1024)
        #expect(data.count == 64 * 1024 && data.allSatisfy { $0 == UInt8(ascii: "x") }, "and is the stream's")
    }

    @Test func aRequestPipelinedBehindAStreamIsAnsweredAfterItsLastChunk() throws {
        let live = try LiveServer(routes: { router in
            router.get("/stream") { _ in Response(stream: CountingSource(chunks: 48)) }  // 3 MiB
            router.get("/hello") { _ in .text("hello") }
        })
        let client = live.connect()
        client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.2)  // read late: the socket fills and the stream waits for its drain
        // Read raw: bytes of the second answer inside the first would not parse as chunks.
        let last = Array("\r\n\r\nhello".utf8)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !received.suffix(last.count).elementsEqual(last) {
            let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        // Expectations on small values only: a failure prints what it compares, and this is 3 MiB.
        let first = ParsedResponse.parse(received)
        let (stream, used) = try #require(first, "the stream's chunked body is intact")
        let (status, size) = (stream.status, stream.body.count)
        let onlyItsOwnBytes = stream.body.allSatisfy { $0 == UInt8(ascii: "x") }
        let ending = String(decoding: received[..<used].suffix(7), as: UTF8.self)
        #expect(
            status == 200 && size == 48 * 64 * 1024 && onlyItsOwnBytes, "no other answer among the chunks")
        #expect(ending == "\r\n0\r\n\r\n", "it ends with its last chunk")
        let second = ParsedResponse.parse(Array(received[used...]))
        let (text, rest) = (second?.0.text, second.map { received.count - used - $0.1 })
        #expect(text == "hello" && rest == 0, "then the second answer, whole, and nothing else")
    }

    @Test(arguments: [1, 2]) func connectionsOverTheCapAreClosedCleanly(loops: Int) throws {
        let live = try LiveServer(
            configure: {
                $0.maxConnections = 2
                $0.loops = loops
            }, routes: Self.routes)
        let second = live.connect()
        do {
            let first = live.connect()
            #expect(first.get("/hello")?.text == "hello")
            #expect(second.get("/hello")?.text == "hello")
            // The cap is the server's: whichever loop they land on, no more are held.
            let more = (0..<6).map { _ in live.connect() }
            #expect(more.allSatisfy { $0.isClosedByPeer() }, "connections past the cap are closed at once")
        }  // the first client closes its connection here
        // Room again once the server has seen that close (retried: it may take a moment).
        var answered = false
        for _ in 0..<50 where !answered {
            answered = live.connect().get("/hello")?.text == "hello"
            if !answered { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(answered, "room again once one has closed")
        #expect(second.get("/hello")?.text == "hello")
    }

    @Test func aCompressedAnswerVariesByAcceptEncodingBesideItsOwnVary() throws {
        let live = try LiveServer(routes: { router in
            for (path, vary) in [("/origin", "Origin"), ("/both", "Origin, accept-encoding"), ("/none", "")] {
                router.get(path) { _ in
                    var response = Response.text(String(repeating: "roster ", count: 1000))
                    if !vary.isEmpty { response.headers.add("Vary", vary) }
                    return response
                }
            }
        })
        let client = live.connect()
        func vary(_ path: String) -> String? {
            let response = client.get(path, headers: ["Accept-Encoding": "gzip"])
            #expect(response?.headers["content-encoding"] == "gzip")
            return response?.headers["vary"]
        }
        #expect(vary("/origin") == "Origin, Accept-Encoding")
        #expect(vary("/both") == "Origin, accept-encoding", "not said twice")
        #expect(vary("/none") == "Accept-Encoding")
    }

    @Test func aSlowHeaderIsCutWith408() throws {
        let live = try LiveServer(configure: { $0.headerTimeout = 0.4 }, routes: Self.routes)
        let client = live.connect()
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n")
        let start = Date()
        // (That more header lines do not restart the timer: ConnectionStateMachineTests.)
        #expect(client.readResponses().first?.status == 408)
        #expect(client.isClosedByPeer())
        #expect(Date().timeIntervalSince(start) < 3)
    }

    @Test func idleKeepAliveConnectionsAreClosed() throws {
        let live = try LiveServer(configure: { $0.idleTimeout = 0.4 }, routes: Self.routes)
        let client = live.connect()
        client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readResponses().first?.status == 200)
        let start = Date()
        #expect(client.isClosedByPeer())
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func aStalledBodyIsCutWith408() throws {
        let live = try LiveServer(configure: { $0.bodyTimeout = 0.4 }, routes: Self.routes)
        let client = live.connect()
        client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        #expect(client.readResponses().first?.status == 408)
        #expect(client.isClosedByPeer())
    }

    // The rate over each window, and that time the server holds reading does not
    // count, are ConnectionStateMachineTests; this checks the loop carries it out.
    @Test func aBodyBelowTheMinimumRateIsCutWith408() throws {
        let live = try LiveServer(
            configure: {
                $0.minimumBodyRate = 200
                $0.bodyRateWindow = 0.3
            }, routes: Self.routes)
        let client = live.connect()
        client.send("PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nab")
        let response = client.readResponses().first
        #expect(response?.status == 408)
        #expect(response?.text.contains("slower than 200 bytes/s") == true)
    }

    @Test func stoppingFinishesRequestsInFlightAndRefusesNewOnes() throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let live = try LiveServer(routes: { router in
            router.get("/hello") { _ in .text("hello") }
            router.get("/slow") { _ in
                started.signal()
                release.wait()  // in flight until the test has asked the server to stop
                return .text("slow done")
            }
        })
        let busy = live.connect()
        let idle = live.connect()
        idle.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(idle.readResponses().first?.status == 200)
        busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        started.wait()  // the request is in flight: stop must let it finish
        live.server.stop()
        release.signal()
        let response = busy.readResponses().first
        #expect(response?.text == "slow done")
        #expect(busy.isClosedByPeer(), "closed once its request is answered")
        #expect(idle.isClosedByPeer())
        live.server.wait()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(live.server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected != 0, "nothing listens after stop")
    }
}

/// Pauses after every piece and resumes from another thread; answers late from another thread.
final class SlowSink: RequestBodySink, @unchecked Sendable {
    let flow: BodyFlow
    var bytes = 0
    var pauses = 0
    init(flow: BodyFlow) { self.flow = flow }
    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool {
        bytes += chunk.count
        pauses += 1
        let flow = flow
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.002) { flow.resume() }
        return false
    }
    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        let summary = "got \(bytes) bytes after \(pauses) pauses"
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            respond(SendableResponse(.text(summary)))
        }
    }
    func cancel() {}
}

/// Takes any body and records whether the server cancelled it.
final class CancelRecordingSink: RequestBodySink, Sendable {
    private let cancelled = Mutex(false)
    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool { true }
    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        respond(SendableResponse(.text("done")))
    }
    func cancel() { cancelled.withLock { $0 = true } }

    /// Waits up to a second for the cancel.
    func wasCancelled() -> Bool {
        for _ in 0..<100 {
            if cancelled.withLock({ $0 }) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

@Suite(.serialized)
struct StreamingSinkTests {
    static func recording(_ sink: CancelRecordingSink) -> (Router) -> Void {
        { router in
            router.add("POST", "/sink", body: .streamed(limit: 16) { _, _ in sink }) { _ in .text("unused") }
        }
    }

    // A sink that is never cancelled nor finished keeps whatever it holds (an
    // import keeps its worker thread and the one-import-at-a-time gate).
    @Test func aStreamedBodyOverTheLimitCancelsItsSink() throws {
        let sink = CancelRecordingSink()
        let live = try LiveServer(routes: Self.recording(sink))
        let client = live.connect()
        client.send(
            "POST /sink HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n20\r\n"
                + String(repeating: "a", count: 32) + "\r\n0\r\n\r\n")
        #expect(client.readResponses().first?.status == 413)
        #expect(sink.wasCancelled())
    }

    @Test func aStalledStreamedBodyCancelsItsSink() throws {
        let sink = CancelRecordingSink()
        let live = try LiveServer(configure: { $0.bodyTimeout = 0.4 }, routes: Self.recording(sink))
        let client = live.connect()
        client.send("POST /sink HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        #expect(client.readResponses().first?.status == 408)
        #expect(sink.wasCancelled())
    }

    @Test func aSinkCanPauseTheBodyAndAnswerLaterFromAnotherThread() throws {
        let live = try LiveServer(routes: { router in
            router.add("POST", "/slow", body: .streamed(limit: 1 << 24) { _, flow in SlowSink(flow: flow) }) {
                _ in .text("unused")
            }
            router.get("/after") { _ in .text("after") }
        })
        let client = live.connect()
        // Long enough (many pauses over several sweeps of the loop's timers) that
        // connections stamped by posted tasks meet the sweep: its clock arithmetic
        // must not assume every stamp is older than its own reading.
        let body = [UInt8](repeating: 0x61, count: 12_000_000)
        client.send("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        client.send(body)
        client.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        let responses = client.readResponses(2)
        #expect(responses.count == 2)
        #expect(responses.first?.text.hasPrefix("got 12000000 bytes after") == true)
        #expect(responses.last?.text == "after", "a pipelined request waits for the late answer")
    }
}
