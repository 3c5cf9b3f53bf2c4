import Testing

@testable import HTTP

/// A connection's read side (`ReadSide`) without a socket: pipelined requests
/// parsed from one read, a request split over reads kept between them, when each
/// request was sent, and the request being read handed on once.
struct ReadSideTests {
    /// A sink that counts its cancellations.
    final class Sink: RequestBodySink {
        var cancelled = 0
        func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool { true }
        func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws {}
        func cancel() { cancelled += 1 }
    }

    /// Parses `input` from its start until the parser needs more bytes; returns the
    /// events and the bytes consumed.
    static func parseAll(_ side: inout ReadSide, _ input: UnsafeRawBufferPointer) throws -> (
        events: [RequestParser.Event], consumed: Int
    ) {
        var events: [RequestParser.Event] = []
        var offset = 0
        while true {
            let step = try side.parse(UnsafeRawBufferPointer(rebasing: input[offset...]))
            offset += step.consumed
            if let event = step.event {
                events.append(event)
            } else if step.consumed == 0 {
                return (events, offset)
            }
        }
    }

    static func targets(_ events: [RequestParser.Event]) -> [String] {
        events.map { event in
            switch event {
            case .head(let head): head.target
            case .body(let range): "body \(range.count)"
            case .end: "end"
            }
        }
    }

    static let pipelined =
        "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"

    @Test func pipelinedRequestsAreParsedFromOneRead() throws {
        var side = ReadSide(limits: RequestParser.Limits())
        #expect(side.isAtRequestStart)
        let bytes = Array(Self.pipelined.utf8)
        let (events, consumed) = try bytes.withUnsafeBytes { try Self.parseAll(&side, $0) }
        #expect(Self.targets(events) == ["/a", "end", "/b", "body 3", "end"])
        #expect(consumed == bytes.count && side.isAtRequestStart)
    }

    @Test func aRequestSplitOverReadsIsKeptUntilWhole() throws {
        var side = ReadSide(limits: RequestParser.Limits())
        let bytes = Array((Self.pipelined + "GET /c HTTP/1.1\r\nHo").utf8)
        let split = bytes.count - 5
        // The first read: parsed in place, what is left of it kept.
        let first = try bytes.withUnsafeBytes { bytes in
            let read = UnsafeRawBufferPointer(rebasing: bytes[0..<split])
            let (events, consumed) = try Self.parseAll(&side, read)
            side.keep(UnsafeRawBufferPointer(rebasing: read[consumed...]))
            return events
        }
        #expect(Self.targets(first) == ["/a", "end", "/b", "body 3", "end"])
        #expect(side.hasBuffered)
        // The second read: after what was kept, and still no whole head.
        var taken = bytes.withUnsafeBytes {
            side.takeBuffered(appending: UnsafeRawBufferPointer(rebasing: $0[split...]))
        }
        #expect(!side.hasBuffered && String(decoding: taken, as: UTF8.self) == "GET /c HTTP/1.1\r\nHo")
        let (events, consumed) = try taken.withUnsafeBytes { try Self.parseAll(&side, $0) }
        let left = Array(taken[consumed...])
        side.restore(&taken, consumed: consumed, keep: true)
        #expect(side.hasBuffered == !left.isEmpty)
        // The third read completes it; all of it is consumed and nothing is kept.
        let rest = Array("st: x\r\n\r\n".utf8)
        var whole = rest.withUnsafeBytes { side.takeBuffered(appending: $0) }
        #expect(whole == left + rest)
        let (last, used) = try whole.withUnsafeBytes { try Self.parseAll(&side, $0) }
        side.restore(&whole, consumed: used, keep: true)
        #expect(Self.targets(events + last) == ["/c", "end"])
        #expect(!side.hasBuffered)
    }

    @Test func bytesLeftWhenClosingAreNotKept() {
        var side = ReadSide(limits: RequestParser.Limits())
        var taken = Array("GET /a HTTP/1.1\r\n".utf8).withUnsafeBytes { side.takeBuffered(appending: $0) }
        side.restore(&taken, consumed: 3, keep: false)
        #expect(!side.hasBuffered)
    }

    @Test func aRequestBeginningARead() {
        var side = ReadSide(limits: RequestParser.Limits())
        // Idle with nothing buffered: the read's first request was sent by epoll's report.
        side.bytesArrived(at: 50, readyAt: 10, idle: true)
        side.headArrived(at: 60)
        #expect(side.requestSentBy == 10 && side.requestStartedAt == 60)
        // The next request of the same read had been sent by the time the read returned.
        side.headArrived(at: 70)
        #expect(side.requestSentBy == 50)
        // Mid-request, or with bytes buffered, a read begins no request.
        side.bytesArrived(at: 80, readyAt: 75, idle: false)
        side.headArrived(at: 90)
        #expect(side.requestSentBy == 80)
        side.keep(UnsafeRawBufferPointer(start: nil, count: 0))
        Array("G".utf8).withUnsafeBytes { side.keep($0) }
        side.bytesArrived(at: 100, readyAt: 95, idle: true)
        side.headArrived(at: 110)
        #expect(side.requestSentBy == 100)
    }

    @Test func theRequestBeingReadIsHandedOnOnce() throws {
        let router = Router()
        router.add("POST", "/b", body: .buffered(limit: 10), headers: [("Vary", "Cookie")]) { _ in .text("b")
        }
        let match = try router.match(method: "POST", path: "/b")
        var side = ReadSide(limits: RequestParser.Limits())
        side.headArrived(at: 1)
        #expect(side.route == "unmatched" && side.routeLines.isEmpty)
        side.routed(match)
        #expect(side.route == "/b" && String(decoding: side.routeLines, as: UTF8.self) == "Vary: Cookie\r\n")
        side.expectBody(of: RequestHead(method: "POST", target: "/b"), for: match)
        #expect(side.head?.target == "/b")
        Array("abc".utf8).withUnsafeBytes { side.appendBody($0) }
        Array("de".utf8).withUnsafeBytes { side.appendBody($0) }
        let taken = side.takeRequest()
        #expect(taken?.head.target == "/b" && taken?.match.pattern == "/b")
        #expect(side.takeRequest() == nil)
        #expect(side.head == nil)
        #expect(side.takeBody() == Array("abcde".utf8))
        #expect(side.takeBody() == [])
        // The next head starts unrouted again; a kept answer names its own route.
        side.headArrived(at: 2)
        #expect(side.route == "unmatched" && side.routeLines.isEmpty)
        side.answeredAgain(route: "static", at: 3)
        #expect(side.route == "static" && side.requestStartedAt == 3)
    }

    @Test func aSinkCutShortIsCancelledAndACompleteOneIsNot() {
        var side = ReadSide(limits: RequestParser.Limits())
        let cut = Sink()
        side.streamBody(to: cut)
        side.cancelSink()
        side.cancelSink()
        #expect(cut.cancelled == 1 && side.sink == nil)
        let complete = Sink()
        side.streamBody(to: complete)
        #expect(side.takeSink() === complete)
        side.cancelSink()
        #expect(side.takeSink() == nil)
        #expect(complete.cancelled == 0)
    }

    @Test func aTraceEntryCountsTheBodyAndClosesOnce() {
        var side = ReadSide(limits: RequestParser.Limits())
        #expect(!side.isTracing)
        #expect(side.endTrace() == nil)
        side.traceBody(5)  // no entry open: nothing counted
        side.startTrace(RequestHead(method: "PUT", target: "/t"))
        side.traceBody(3)
        side.traceBody(4)
        #expect(side.isTracing)
        let entry = side.endTrace()
        #expect(entry?.method == "PUT" && entry?.target == "/t" && entry?.body == 7)
        #expect(!side.isTracing)
        #expect(side.endTrace() == nil)
    }
}
