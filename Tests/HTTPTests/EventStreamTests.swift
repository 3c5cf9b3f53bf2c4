import Synchronization
import Testing

@testable import HTTP

/// The push source of an event stream on its own, and the event format: no socket.
struct EventStreamTests {
    static func text(_ next: EventStream.Next) -> String? {
        guard case .event(let bytes) = next else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anEventIsItsFieldsThenABlankLine() {
        let event = ServerSentEvent(id: "7", event: "version", data: "{\"a\":1}", retry: 1000)
        #expect(
            String(decoding: event.bytes, as: UTF8.self)
                == "retry: 1000\nid: 7\nevent: version\ndata: {\"a\":1}\n\n")
    }

    @Test func dataLinesAreSplitAndLineBreaksCannotStartAnotherField() {
        let event = ServerSentEvent(id: "1\nevent: evil", event: "x\r\ny", data: "one\r\ntwo\rthree\nfour")
        #expect(
            String(decoding: event.bytes, as: UTF8.self)
                == "id: 1\nevent: x\ndata: one\ndata: two\ndata: three\ndata: four\n\n")
        #expect(String(decoding: ServerSentEvent.keepAlive.bytes, as: UTF8.self) == ": keep-alive\n\n")
    }

    @Test func aNewerEventReplacesOneNotYetTaken() {
        let stream = EventStream()
        for version in 1...3 { stream.send(ServerSentEvent(id: String(version))) }
        #expect(Self.text(stream.next()) == "id: 3\n\n")
        #expect(stream.next() == .nothing)
    }

    @Test func theLoopIsWokenOnceUntilItTakesTheEvent() {
        let wakes = Atomic(0)
        let stream = EventStream()
        stream.send(ServerSentEvent(id: "0"))
        stream.attach { wakes.add(1, ordering: .relaxed) }
        #expect(wakes.load(ordering: .relaxed) == 0, "what was pending before is taken by the first flush")
        stream.send(ServerSentEvent(id: "1"))
        stream.send(ServerSentEvent(id: "2"))
        #expect(wakes.load(ordering: .relaxed) == 1)
        #expect(Self.text(stream.next()) == "id: 2\n\n")
        stream.send(ServerSentEvent(id: "3"))
        #expect(wakes.load(ordering: .relaxed) == 2)
    }

    @Test func finishingSendsWhatIsPendingFirst() {
        let stream = EventStream()
        stream.send(ServerSentEvent(id: "1"))
        stream.finish()
        stream.send(ServerSentEvent(id: "2"))
        #expect(Self.text(stream.next()) == "id: 1\n\n")
        #expect(stream.next() == .finished)
    }

    @Test func closingTellsOnceAndDropsLaterEvents() {
        let closes = Atomic(0)
        let stream = EventStream { closes.add(1, ordering: .relaxed) }
        stream.send(ServerSentEvent(id: "1"))
        stream.close()
        stream.close()
        stream.send(ServerSentEvent(id: "2"))
        #expect(closes.load(ordering: .relaxed) == 1)
        #expect(stream.isClosed && stream.next() == .nothing)
    }

    @Test(
        arguments: [
            (nil, true), ("", true), ("text/event-stream", true), ("*/*", true), ("text/*", true),
            ("application/json", false), ("text/html, application/xhtml+xml;q=0.9, */*;q=0.8", true),
            ("text/event-stream;q=0, */*", false), ("text/*;q=0, text/event-stream", true),
            ("application/json, */*;q=0", false), ("TEXT/Event-Stream", true), (";", false),
        ] as [(String?, Bool)])
    func acceptFollowsTheMostSpecificRange(field: String?, accepted: Bool) {
        var headers = HTTPHeaders()
        if let field { headers.add("Accept", field) }
        #expect(headers.accepts("text/event-stream") == accepted)
    }
}
