import Synchronization
import Testing

@testable import HTTP

/// A connection's write side (`WriteSide`) without a socket: what it queues, in
/// which order, what is left after a partial write, streamed bodies and event
/// streams pulled into the output, and the batch's flush bookkeeping.
struct WriteSideTests {
    /// A streamed body giving `pieces` in turn, then its end.
    final class Pieces: ResponseBodySource {
        var pieces: [[UInt8]]
        init(_ pieces: [String]) { self.pieces = pieces.map { Array($0.utf8) } }
        func next() throws -> [UInt8]? { pieces.isEmpty ? nil : pieces.removeFirst() }
    }

    /// A streamed body that fails.
    final class Failing: ResponseBodySource {
        struct Failure: Error {}
        func next() throws -> [UInt8]? { throw Failure() }
    }

    static func unsent(_ side: WriteSide) -> String {
        side.withUnsentBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func queued(_ text: String, on side: inout WriteSide) -> Range<Int> {
        let writer = ResponseWriter(defaultHeaders: [])
        return side.queue(
            .text(text), head: RequestHead(method: "GET", target: "/"), routeLines: [], close: false,
            by: writer
        ).written
    }

    @Test func aPartialWriteLeavesTheRestUnsent() {
        var side = WriteSide()
        let written = Self.queued("hello", on: &side)
        let whole = side.withQueuedBytes(in: written) { Array($0) }
        #expect(written == 0..<whole.count && side.unsent == whole.count)
        side.sent(5)
        #expect(side.unsent == whole.count - 5)
        #expect(Self.unsent(side) == String(decoding: whole[5...], as: UTF8.self))
        side.sent(whole.count - 6)
        #expect(Self.unsent(side) == "o")
        side.sent(1)
        #expect(side.unsent == 0 && Self.unsent(side).isEmpty)
        side.drained()
        #expect(side.queuedCount == 0 && side.capacity >= whole.count)
    }

    @Test func answersQueuedWhileOthersAreSentGoAfterThem() {
        var side = WriteSide()
        side.queueContinue()
        side.sent(4)
        let first = Self.queued("one", on: &side)
        let second = Self.queued("two", on: &side)
        #expect(first.lowerBound == WriteSide.continueLine.count && second.lowerBound == first.upperBound)
        let text = Self.unsent(side)
        #expect(text.hasPrefix("/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"))
        #expect(text.hasSuffix("\r\n\r\ntwo"))
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        #expect(text.range(of: "one")!.lowerBound < text.range(of: "two")!.lowerBound)
    }

    @Test func aDrainedBufferThatGrewLargeIsLetGo() {
        var side = WriteSide()
        _ = Self.queued(String(repeating: "x", count: 100_000), on: &side)
        side.sent(side.unsent)
        side.drained()
        #expect(side.capacity <= WriteSide.keptCapacity && side.unsent == 0)
        _ = Self.queued("small", on: &side)
        let capacity = side.capacity
        side.sent(side.unsent)
        side.drained()
        #expect(side.capacity == capacity)
    }

    @Test func aStreamedBodyIsPulledAsChunksUntilItsEnd() throws {
        var side = WriteSide()
        #expect(try side.pullStream() == false)
        side.startStream(Pieces(["ab", "", "cdefghijklmnopq"]))
        #expect(side.isStreaming)
        #expect(try side.pullStream() == true)
        #expect(Self.unsent(side) == "2\r\nab\r\n")
        side.sent(side.unsent)
        side.drained()
        #expect(try side.pullStream() == true)  // the empty piece queues nothing
        #expect(side.unsent == 0 && side.isStreaming)
        #expect(try side.pullStream() == true)
        #expect(try side.pullStream() == true)
        #expect(Self.unsent(side) == "f\r\ncdefghijklmnopq\r\n0\r\n\r\n")
        #expect(!side.isStreaming)
        #expect(try side.pullStream() == false)
    }

    @Test func aFailingStreamThrowsAndStaysStreaming() {
        var side = WriteSide()
        side.startStream(Failing())
        #expect(throws: Failing.Failure.self) { try side.pullStream() }
        #expect(side.isStreaming && side.unsent == 0)
    }

    @Test func eventsGoInChunksAndTheEndQueuesTheLastOne() {
        let closed = Mutex(0)
        let events = EventStream { closed.withLock { $0 += 1 } }
        var side = WriteSide()
        #expect(side.pullEvent() == .noStream)
        side.startEvents(events, chunked: true)
        #expect(side.pullEvent() == .nothing)
        events.send(ServerSentEvent(data: "a"))
        #expect(side.pullEvent() == .queued)
        #expect(Self.unsent(side) == "9\r\ndata: a\n\n\r\n")
        side.queueEvent(ServerSentEvent.keepAlive.bytes)
        events.finish()
        #expect(side.pullEvent() == .finished)
        side.endEvents()
        #expect(Self.unsent(side).hasSuffix(": keep-alive\n\n\r\n0\r\n\r\n"))
        #expect(side.events == nil && closed.withLock { $0 } == 1)
        side.endEvents()  // once ended, nothing more
        #expect(
            Self.unsent(side).hasSuffix("\r\n0\r\n\r\n") && !Self.unsent(side).hasSuffix("0\r\n\r\n0\r\n\r\n")
        )
    }

    @Test func eventsToAnHTTP10ClientGoAsTheyAreAndEndWithNoChunk() {
        let events = EventStream()
        var side = WriteSide()
        side.startEvents(events, chunked: false)
        events.send(ServerSentEvent(data: "b"))
        #expect(side.pullEvent() == .queued)
        side.endEvents()
        #expect(Self.unsent(side) == "data: b\n\n")
    }

    @Test func aClosedConnectionLetsItsEventsGoWithoutALastChunk() {
        let closed = Mutex(0)
        var side = WriteSide()
        side.startEvents(EventStream { closed.withLock { $0 += 1 } }, chunked: true)
        side.closeEvents()
        #expect(side.events == nil && side.unsent == 0 && closed.withLock { $0 } == 1)
    }

    @Test func aFlushIsQueuedOncePerBatch() {
        var side = WriteSide()
        #expect(side.queueFlush() == true)
        #expect(side.queueFlush() == false)
        side.flushDequeued()
        #expect(side.queueFlush() == true)
    }

    @Test func aKeptAnswerIsQueuedWithTodaysDate() {
        let head = Array("HTTP/1.1 200 OK\r\nDate: Mon, 01 Jan 2001 00:00:00 GMT\r\n\r\n".utf8)
        let answer = ReusableAnswers.Answer(
            request: [], head: head, dateAt: 17, body: Array("body".utf8), sendsBody: true, until: 1,
            route: "static", status: 200)
        let date = Array("Date: Tue, 02 Feb 2021 12:34:56 GMT\r\n".utf8)
        var side = WriteSide()
        side.queueContinue()
        side.queueAgain(answer, date: date)
        #expect(
            Self.unsent(side)
                == "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nDate: Tue, 02 Feb 2021 12:34:56 GMT\r\n\r\nbody"
        )
        var head304 = answer
        head304.sendsBody = false
        side.sent(side.unsent)
        side.drained()
        side.queueAgain(head304, date: [])  // no whole Date line: the kept one stays
        #expect(Self.unsent(side) == String(decoding: head, as: UTF8.self))
    }
}
