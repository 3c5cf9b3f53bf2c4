@testable import HTTP

/// The loop's part on the way out: answers queued, the socket filled and
/// drained, streams and event streams, closing; and the client's checks of
/// each answer it gets.
extension ConnectionSimulation {
    /// Bytes of an answer's head and body (any size works: only the counts matter).
    static let answerBytes = 120
    static let bigAnswerBytes = 1500

    /// Queues the answer to `request` (`early`: a refusal or a routing error,
    /// sent before the request's end, and closing unless the request has no body).
    mutating func respond(to request: Int, status: Int, streamed: Bool, close: Bool, early: Bool = false) {
        let close = close || machine.state == .closing
        checkAnswer(to: request, status: status, close: close, early: early)
        answers.append(Answer(request: request, status: status, close: close))
        if close { closeQueued = true }
        let route = request < script.count ? script[request].route : .garbage
        if route == .events && status == 200 {
            unsent += Self.answerBytes
            events = (queued: 0, finished: false, chunked: !script[request].http10)
            if both("eventStreamStarted", { $0.eventStreamStarted() }, { $0.eventStreamStarted() })
                == .endEvents
            {
                endEvents()
            }
            return
        }
        unsent += route == .big && status == 200 ? Self.bigAnswerBytes : Self.answerBytes
        if streamed { streamChunks = 1 + Int(random.next() % 4) }
        let streaming = streamChunks != nil
        let queued = unsent
        _ = both(
            "responseQueued(\(queued), streaming: \(streaming), close: \(close))",
            { $0.responseQueued(unsent: queued, streaming: streaming, close: close) },
            { $0.responseQueued(unsent: queued, streaming: streaming, close: close) })
    }

    /// What the client checks of each answer: request order, one answer each,
    /// none among a stream's chunks, none before its request is complete, and
    /// RFC 9112 9.3's persistence rules.
    mutating func checkAnswer(to request: Int, status: Int, close: Bool, early: Bool) {
        if streamChunks != nil {
            fail("answer \(status) to \(request) queued among a streamed body's chunks")
        }
        if let last = answers.last?.request, last >= request {
            fail("answer to \(request) after the answer to \(last): out of order or twice")
        }
        if !early && !ended.contains(request) { fail("answer to \(request) before its request was complete") }
        guard request < script.count else { return }
        let keepAlive = script[request].keepAlive
        if !keepAlive && !close {
            fail("request \(request) asked to close (RFC 9112 9.3), its answer keeps it open")
        }
        let unreadBody = script[request].body.map { !$0.isEmpty || script[request].chunked } ?? false
        if early && status >= 400 && unreadBody && !close {
            fail("a refusal before request \(request)'s body was read keeps the connection open")
        }
        if !early && keepAlive && close && !stopping && !clientLeftBeforeAnswer(request) {
            fail("request \(request) keeps the connection alive, its answer closes it")
        }
    }

    /// The server read the client's half-close before `request` was answered (the answer then closes).
    func clientLeftBeforeAnswer(_ request: Int) -> Bool { closeRead }

    // MARK: - Carrying out actions

    mutating func perform(_ action: Action) {
        switch action {
        case .none, .pauseReading, .watchWrites, .deliverBody, .callHandler, .finishSink:
            break
        case .parse, .resumeReading:
            process([])
        case .sendContinue:
            unsent += 25
        case .refuse(let error):
            sinkOpen = false
            if error.status == 408, !clientHasAnUnfinishedRequest {
                fail("408 with no request of the client's unfinished")
            }
            respond(to: request ?? heads, status: error.status, streamed: false, close: true, early: true)
            flush()
        case .linger:
            break
        case .close:
            drop()
        case .sendEvents:
            flush()
        case .sendHeartbeat:
            unsent += 3
            flush()
        case .endEvents:
            endEvents()
            flush()
        }
    }

    /// A request has begun to arrive (its first byte is in) and its end has not been read.
    var clientHasAnUnfinishedRequest: Bool {
        let answered = Set(answers.compactMap(\.request))
        return starts.indices.contains {
            starts[$0] < delivered && !ended.contains($0) && !answered.contains($0)
        }
    }

    mutating func endEvents() {
        guard let stream = events else { return }
        events = nil
        if stream.chunked { unsent += 5 }
    }

    /// Sends what is queued as far as the socket's room goes, pulling streamed
    /// bodies and events, and tells the machine how far it got.
    mutating func flush() {
        while open {
            if unsent > 0 {
                guard room > 0 else {
                    return perform(
                        both("writeWouldBlock", { $0.writeWouldBlock() }, { $0.writeWouldBlock() }))
                }
                let written = min(unsent, room)
                unsent -= written
                room -= written
                machine.bytesSent(now: now)
                model.bytesSent(now: now)
                log.append("bytesSent(\(written))@\(now)")
                continue
            }
            if let chunks = streamChunks {
                if chunks > 0 {
                    unsent += 200 + Int(random.next() % 1500)
                    streamChunks = chunks - 1
                } else {
                    unsent += 5  // the last chunk
                    streamChunks = nil
                }
                continue
            }
            if let stream = events {
                if stream.queued > 0 {
                    events?.queued -= 1
                    unsent += 40
                } else if stream.finished {
                    _ = both(
                        "eventStreamFinished", { $0.eventStreamFinished() }, { $0.eventStreamFinished() })
                    endEvents()
                } else {
                    return perform(both("eventsCaughtUp", { $0.eventsCaughtUp() }, { $0.eventsCaughtUp() }))
                }
                continue
            }
            return perform(
                both(
                    "outputDrained", { [now] in $0.outputDrained(now: now) },
                    { [now] in $0.outputDrained(now: now) }))
        }
    }

    /// Closes the connection now (as the loop's `drop`).
    mutating func drop() {
        guard open else { return }
        open = false
        sinkOpen = false
        events = nil
        machine.closed()
        model.closed()
        log.append("closed@\(now)")
        compareStates(after: "closed")
    }

    // MARK: - The world

    /// The client reads `count` bytes: room in the socket; a loop watching for it flushes.
    mutating func clientReads(_ count: Int) {
        room = min(room + count, 4000)
        if open && machine.wantsWrite { flush() }
    }

    /// The event stream's source has `count` more events, or finishes (it wakes the loop).
    mutating func eventsArrive(_ count: Int, finishing: Bool) {
        guard open, events != nil else { return }
        events?.queued += count
        if finishing { events?.finished = true }
        perform(both("eventsPending", { $0.eventsPending() }, { $0.eventsPending() }))
    }

    /// `elapsed` ms pass, then a tick.
    mutating func advance(_ elapsed: UInt64) {
        now += elapsed
        guard open else { return }
        let action = both("tick", { [now] in $0.tick(now: now) }, { [now] in $0.tick(now: now) })
        if action != .none { perform(action) }
    }

    /// The server begins stopping.
    mutating func stop(grace: UInt64) {
        guard open, !stopping else { return }
        stopping = true
        perform(
            both(
                "stop", { [now] in $0.stop(now: now, grace: grace) },
                { [now] in $0.stop(now: now, grace: grace) }))
    }

    /// A send failed (the client is gone): the loop closes.
    mutating func sendFails() {
        guard open else { return }
        log.append("sendFailed@\(now)")
        drop()
    }
}
