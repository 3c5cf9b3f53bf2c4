@testable import HTTP

/// A reference model of one connection, written from the rules (RFC 9112 and
/// docs/operations.md, "Limits a client meets", restated below) rather than from
/// `ConnectionStateMachine`'s code: it takes the same events and says what the
/// machine must answer and what it must want next. ConnectionStateMachineModelTests
/// feeds both the same random events and compares them after every one.
///
/// The rules, as the model states them:
/// - One request at a time is read; its head starts a clock (10 s), its body
///   must not stall (30 s) nor fall under the minimum rate over a window,
///   and neither clock runs while the server holds reading.
/// - Reading is held while a sink is full, while more than the high water of
///   output waits, and while a streamed response is produced (the next answer
///   must follow its last chunk); it resumes when every reason is gone.
/// - A body over its route's limit is refused (413) and the connection closes.
/// - A request whose body goes to a sink waits for the sink's answer; the
///   client half-closing meanwhile still gets it, then the connection closes.
/// - An answer that closes the connection ends reading: after its output the
///   connection half-closes and drains the client for at most the linger time.
/// - An event stream carries the connection until it ends: nothing more is
///   parsed, the client's bytes are dropped, its close ends the stream, quiet
///   spells get heartbeats, and a client that reads nothing is closed as idle.
/// - With no byte in or out for the idle timeout the connection closes.
/// - Stopping closes an idle connection at once, ends an event stream, and
///   closes everything else once the grace runs out.
struct ConnectionModel {
    typealias Machine = ConnectionStateMachine
    typealias Action = Machine.Action

    /// What the request side is doing.
    enum Phase: Equatable {
        case betweenRequests(since: UInt64)
        case head(started: UInt64)
        case body(BodyProgress)
        case waitingForAnswer(clientLeft: Bool)
        case lastAnswer
        case events
        case draining(since: UInt64)
        case gone
    }

    struct BodyProgress: Equatable {
        var target: Machine.Target
        var limit: Int
        var received = 0
        var lastByte: UInt64
        var windowStart: UInt64
        var atWindowStart = 0
    }

    /// What the response side is doing.
    enum Sending: Equatable { case nothing, whole, producing, events }

    let rules: Machine.Rules
    var phase: Phase
    var sending = Sending.nothing
    var sinkFull = false
    var outputFull = false
    var behindStream = false
    var socketFull = false
    var lastIO: UInt64
    var stopping: (at: UInt64, grace: UInt64)?

    init(rules: Machine.Rules, now: UInt64) {
        self.rules = rules
        phase = .betweenRequests(since: now)
        lastIO = now
    }

    // MARK: - What it wants

    var paused: Bool { sinkFull || outputFull || behindStream }

    var readingRequests: Bool {
        switch phase {
        case .betweenRequests, .head, .body: true
        default: false
        }
    }

    var mayParse: Bool { readingRequests && !paused }

    var wantsRead: Bool {
        switch phase {
        case .draining, .events: true
        default: mayParse
        }
    }

    var wantsWrite: Bool { socketFull && phase != .gone }

    var isIdle: Bool {
        if case .betweenRequests = phase { return sending == .nothing }
        return false
    }

    /// RFC 9112 9.3: a request that did not ask to keep the connection, a
    /// stopping server, or a connection already closing, closes after the answer.
    func closesAfterResponse(keepAlive: Bool) -> Bool {
        !keepAlive || stopping != nil || phase == .lastAnswer
    }

    // MARK: - Reading

    mutating func bytesReceived(now: UInt64) -> Action {
        lastIO = now
        switch phase {
        case .betweenRequests:
            phase = .head(started: now)
            return .parse
        case .head:
            return .parse
        case .body(var body):
            body.lastByte = now
            phase = .body(body)
            return .parse
        case .draining(let since):
            return now - min(since, now) > rules.linger ? close() : .none
        default:
            return .none
        }
    }

    mutating func bytesBuffered(now: UInt64) {
        if case .betweenRequests = phase { phase = .head(started: now) }
    }

    mutating func headReceived(
        target: Machine.Target, limit: Int, length: Int?, expectsContinue: Bool, now: UInt64
    ) -> Action {
        switch phase {
        case .betweenRequests, .head: break
        default: return .none
        }
        if target != .answered, let length, length > limit { return refuseTooLarge(limit) }
        phase = .body(BodyProgress(target: target, limit: limit, lastByte: now, windowStart: now))
        return expectsContinue && target != .answered ? .sendContinue : .none
    }

    mutating func bodyReceived(count: Int, now: UInt64) -> Action {
        guard case .body(var body) = phase else { return .none }
        body.received += count
        body.lastByte = now
        if body.received > body.limit { return refuseTooLarge(body.limit) }
        phase = .body(body)
        return body.target == .answered ? .none : .deliverBody
    }

    mutating func sinkRefused() -> Action {
        guard case .body = phase, !sinkFull else { return .none }
        sinkFull = true
        return .pauseReading
    }

    mutating func sinkResumed(now: UInt64) -> Action {
        guard sinkFull else { return .none }
        sinkFull = false
        lastIO = now
        return resumed(now: now)
    }

    mutating func requestEnded(now: UInt64) -> Action {
        guard case .body(let body) = phase else { return .none }
        switch body.target {
        case .sink:
            phase = .waitingForAnswer(clientLeft: false)
            return .finishSink
        case .buffer:
            phase = .betweenRequests(since: now)
            return .callHandler
        case .answered:
            phase = .betweenRequests(since: now)
            return .none
        }
    }

    mutating func handlerAnswered(now: UInt64) -> Action {
        guard case .waitingForAnswer(let clientLeft) = phase else { return .none }
        phase = clientLeft ? .lastAnswer : .betweenRequests(since: now)
        lastIO = now
        return .resumeReading
    }

    mutating func peerClosed() -> Action {
        switch phase {
        case .betweenRequests, .head:
            guard sending == .nothing else {
                phase = .lastAnswer
                return .none
            }
            return close()
        case .body, .draining, .events:
            return close()
        case .waitingForAnswer:
            phase = .waitingForAnswer(clientLeft: true)
            return .none
        case .lastAnswer, .gone:
            return .none
        }
    }

    // MARK: - Writing

    mutating func responseQueued(unsent: Int, streaming: Bool, close: Bool) -> Action {
        sending = streaming ? .producing : .whole
        if close {
            if phase != .gone, !isDraining { phase = .lastAnswer }
            return .none
        }
        let wasParsing = mayParse
        if streaming && readingRequests { behindStream = true }
        if wasParsing && unsent >= rules.outputHighWater { outputFull = true }
        return wasParsing && !mayParse ? .pauseReading : .none
    }

    mutating func bytesSent(now: UInt64) { lastIO = now }

    mutating func writeWouldBlock() -> Action {
        if socketFull { return .none }
        socketFull = true
        return .watchWrites(true)
    }

    mutating func outputDrained(now: UInt64) -> Action {
        sending = .nothing
        socketFull = false
        if phase == .lastAnswer {
            phase = .draining(since: now)
            return .linger
        }
        if phase == .events { return close() }
        if case .betweenRequests = phase, stopping != nil { return close() }
        guard outputFull || behindStream else { return .none }
        outputFull = false
        behindStream = false
        return resumed(now: now)
    }

    // MARK: - Event streams

    mutating func eventStreamStarted() -> Action {
        if phase == .lastAnswer || isDraining || phase == .gone {
            if phase != .gone { sending = .whole }
            return .endEvents
        }
        phase = .events
        sending = .events
        sinkFull = false
        outputFull = false
        behindStream = false
        guard stopping == nil else { return endStream() }
        return .none
    }

    func eventsPending() -> Action {
        phase == .events && sending == .events && !socketFull ? .sendEvents : .none
    }

    mutating func eventsCaughtUp() -> Action {
        guard socketFull else { return .none }
        socketFull = false
        return .watchWrites(false)
    }

    mutating func eventStreamFinished() -> Action {
        phase == .events && sending == .events ? endStream() : .none
    }

    // MARK: - Time and stopping

    mutating func stop(now: UInt64, grace: UInt64) -> Action {
        guard stopping == nil else { return .none }
        stopping = (now, grace)
        if phase == .events && sending == .events { return endStream() }
        return isIdle ? close() : .none
    }

    mutating func tick(now: UInt64) -> Action {
        func since(_ time: UInt64) -> UInt64 { now > time ? now - time : 0 }
        if let stopping, since(stopping.at) >= stopping.grace { return close() }
        let quiet = since(lastIO)
        switch phase {
        case .gone:
            return .none
        case .draining(let start):
            return since(start) > rules.linger ? close() : .none
        case .events:
            if socketFull { return quiet > rules.idleTimeout ? close() : .none }
            return sending == .events && quiet >= rules.eventHeartbeat ? .sendHeartbeat : .none
        case .head(let started) where !paused && since(started) > rules.headerTimeout:
            return timedOut()
        case .waitingForAnswer where sending == .nothing:
            return .none  // the server owes the answer: its silence is not the client's
        case .body(var body) where !paused:
            if since(body.lastByte) > rules.bodyTimeout { return timedOut() }
            let window = since(body.windowStart)
            if rules.minimumBodyRate > 0, window > 0, window >= rules.bodyRateWindow {
                let needed = Double(rules.minimumBodyRate) * Double(window) / 1000
                if Double(body.received - body.atWindowStart) < needed { return timedOut() }
                body.windowStart = now
                body.atWindowStart = body.received
                phase = .body(body)
            }
        default:
            break
        }
        return quiet > rules.idleTimeout ? close() : .none
    }

    /// The loop closed the connection for a reason of its own.
    mutating func closed() {
        phase = .gone
        sinkFull = false
        outputFull = false
        behindStream = false
        socketFull = false
    }

    // MARK: - Helpers

    private var isDraining: Bool {
        if case .draining = phase { return true }
        return false
    }

    private mutating func close() -> Action {
        closed()
        return .close
    }

    private mutating func endStream() -> Action {
        sending = .whole
        return .endEvents
    }

    /// 408, unless an answer is already on its way: then there is no room for one.
    private mutating func timedOut() -> Action {
        guard sending == .nothing else { return close() }
        phase = .lastAnswer
        return .refuse(HTTPError(408, "request_timeout", ""))
    }

    private mutating func refuseTooLarge(_ limit: Int) -> Action {
        phase = .lastAnswer
        return .refuse(HTTPError(413, "content_too_large", ""))
    }

    /// Reading may go on: the clocks of a head or a body restart (the time the
    /// server held reading was the server's).
    private mutating func resumed(now: UInt64) -> Action {
        switch phase {
        case .head: phase = .head(started: now)
        case .body(var body):
            body.windowStart = now
            body.atWindowStart = body.received
            phase = .body(body)
        default: break
        }
        return wantsRead ? .resumeReading : .none
    }

    // MARK: - Comparing

    /// The machine's state as this model says it must be.
    var expectedState: Machine.State {
        switch phase {
        case .betweenRequests(let since): .idle(since: since)
        case .head(let started): .readingHead(startedAt: started)
        case .body(let body):
            .readingBody(
                Machine.Body(
                    limit: body.limit, received: body.received, target: body.target,
                    lastActivity: body.lastByte,
                    windowStart: body.windowStart, receivedAtWindowStart: body.atWindowStart))
        case .waitingForAnswer(let clientLeft): .awaitingHandler(peerClosed: clientLeft)
        case .lastAnswer: .closing
        case .events: .streamingEvents
        case .draining(let since): .lingering(since: since)
        case .gone: .closed
        }
    }

    var expectedOutput: Machine.Output {
        switch sending {
        case .nothing: .empty
        case .whole: .queued
        case .producing: .streaming
        case .events: .events
        }
    }

    var expectedHold: Machine.Hold {
        var hold: Machine.Hold = []
        if sinkFull { hold.insert(.sink) }
        if outputFull { hold.insert(.output) }
        if behindStream { hold.insert(.stream) }
        return hold
    }
}
