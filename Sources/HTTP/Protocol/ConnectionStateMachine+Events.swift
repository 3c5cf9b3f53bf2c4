extension ConnectionStateMachine {
    // MARK: - Reading

    /// Bytes arrived from the client at `now`.
    mutating func bytesReceived(now: UInt64) -> Action {
        lastActivity = now
        switch state {
        case .idle:
            state = .readingHead(startedAt: now)
            return .parse
        case .readingHead:
            return .parse
        case .readingBody(var body):
            body.lastActivity = now
            state = .readingBody(body)
            return .parse
        case .lingering(let since):
            return Self.elapsed(since: since, now: now) > rules.linger ? closeNow() : .none
        case .awaitingHandler, .closing, .streamingEvents, .closed:
            return .none
        }
    }

    /// The parser stopped for more bytes with some buffered: if they begin the
    /// next request, its head timer starts now.
    mutating func bytesBuffered(now: UInt64) {
        if case .idle = state { state = .readingHead(startedAt: now) }
    }

    /// The parser read a head whose body (if any) goes to `target` with at most
    /// `limit` bytes; `length` is its Content-Length when it has one.
    mutating func headReceived(
        target: Target, limit: Int, length: Int?, expectsContinue: Bool, now: UInt64
    ) -> Action {
        switch state {
        case .idle, .readingHead: break
        default: return .none
        }
        if let length, length > limit, target != .answered {
            state = .closing
            return .refuse(Self.tooLarge(limit))
        }
        state = .readingBody(Body(limit: limit, target: target, lastActivity: now, windowStart: now))
        return expectsContinue && target != .answered ? .sendContinue : .none
    }

    /// The parser read `count` bytes of the body.
    mutating func bodyReceived(count: Int, now: UInt64) -> Action {
        guard case .readingBody(var body) = state else { return .none }
        body.received += count
        body.lastActivity = now
        guard body.received <= body.limit else {
            state = .closing
            return .refuse(Self.tooLarge(body.limit))
        }
        state = .readingBody(body)
        return body.target == .answered ? .none : .deliverBody
    }

    /// The sink took a piece and asked to stop until it catches up.
    mutating func sinkRefused() -> Action {
        guard case .readingBody = state, !held.contains(.sink) else { return .none }
        held.insert(.sink)
        return .pauseReading
    }

    /// The sink caught up (its flow's `resume()`).
    mutating func sinkResumed(now: UInt64) -> Action {
        guard held.contains(.sink) else { return .none }
        held.remove(.sink)
        lastActivity = now
        restartClocks(now: now)
        return wantsRead ? .resumeReading : .none
    }

    /// The parser read the request's end.
    mutating func requestEnded(now: UInt64) -> Action {
        guard case .readingBody(let body) = state else { return .none }
        switch body.target {
        case .buffer:
            state = .idle(since: now)
            return .callHandler
        case .sink:
            state = .awaitingHandler(peerClosed: false)
            return .finishSink
        case .answered:
            state = .idle(since: now)
            return .none
        }
    }

    /// The sink's answer arrived (or its `finish` failed): the loop queues it,
    /// then reads on. `.none` when no answer was awaited (a late or second one).
    mutating func handlerAnswered(now: UInt64) -> Action {
        guard case .awaitingHandler(let peerClosed) = state else { return .none }
        state = peerClosed ? .closing : .idle(since: now)
        lastActivity = now
        return .resumeReading
    }

    /// The client closed its side (a read returned 0).
    mutating func peerClosed() -> Action {
        switch state {
        case .idle, .readingHead:
            // A partial head will never be completed; what is queued is still sent.
            if output == .empty { return closeNow() }
            state = .closing
            return .none
        case .readingBody:
            return closeNow()  // the body is cut short: nothing to answer
        case .awaitingHandler:
            state = .awaitingHandler(peerClosed: true)
            return .none
        case .lingering, .streamingEvents:
            return closeNow()  // an event stream ends when its client goes
        case .closing, .closed:
            return .none
        }
    }

    // MARK: - Writing

    /// A response was queued; `unsent` bytes now wait, and `streaming` tells
    /// whether its body is still to be produced. `close`: the connection closes
    /// after it. A streamed body, or output past the high water, pauses reading
    /// until the output drains.
    mutating func responseQueued(unsent: Int, streaming: Bool, close: Bool) -> Action {
        output = streaming ? .streaming : .queued
        if close {
            switch state {
            case .closed, .lingering: break
            default: state = .closing
            }
            return .none
        }
        let parsing = mayParse
        if streaming {
            switch state {
            case .idle, .readingHead, .readingBody: held.insert(.stream)
            default: break
            }
        }
        if unsent >= rules.outputHighWater, parsing { held.insert(.output) }
        return parsing && !mayParse ? .pauseReading : .none
    }

    /// Bytes went out at `now`.
    mutating func bytesSent(now: UInt64) {
        lastActivity = now
    }

    /// The socket's buffer is full: wait until it drains.
    mutating func writeWouldBlock() -> Action {
        guard !watchingWrites else { return .none }
        watchingWrites = true
        return .watchWrites(true)
    }

    /// Everything queued was sent and no body is being produced: a request
    /// held behind the output (its size, or a stream) is parsed now.
    mutating func outputDrained(now: UInt64) -> Action {
        output = .empty
        watchingWrites = false
        switch state {
        case .closing:
            state = .lingering(since: now)
            return .linger
        case .idle where stoppingSince != nil, .streamingEvents:
            return closeNow()  // an event stream drains only once it has ended
        default:
            break
        }
        guard !held.isDisjoint(with: [.output, .stream]) else { return .none }
        held.subtract([.output, .stream])
        restartClocks(now: now)
        return wantsRead ? .resumeReading : .none
    }

    // MARK: - Stopping

    /// The server is stopping: an idle connection closes now, an event stream
    /// ends now (it would never finish by itself), any other within `grace` ms.
    mutating func stop(now: UInt64, grace: UInt64) -> Action {
        guard stoppingSince == nil else { return .none }
        stoppingSince = now
        shutdownGrace = grace
        if state == .streamingEvents && output == .events { return endEventStream() }
        return isIdle ? closeNow() : .none
    }

    /// The connection is closed (by the loop, for a reason of its own such as a failed send).
    mutating func closed() {
        state = .closed
        held = []
        watchingWrites = false
    }

    mutating func closeNow() -> Action {
        closed()
        return .close
    }

    /// Starts the head's timer or the body's rate window afresh when reading
    /// resumes: time the server held reading was the server's.
    mutating func restartClocks(now: UInt64) {
        switch state {
        case .readingHead:
            state = .readingHead(startedAt: now)
        case .readingBody(var body):
            body.windowStart = now
            body.receivedAtWindowStart = body.received
            state = .readingBody(body)
        default:
            break
        }
    }

    static func tooLarge(_ limit: Int) -> HTTPError {
        HTTPError(413, "content_too_large", "the body is larger than this endpoint's limit of \(limit) bytes")
    }

    /// Milliseconds from `start` to `now`, 0 when `start` is later (a task posted
    /// from another thread may stamp a time read after the loop's own).
    static func elapsed(since start: UInt64, now: UInt64) -> UInt64 {
        now > start ? now - start : 0
    }
}
