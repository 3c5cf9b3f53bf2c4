import Testing

@testable import HTTP

/// Every rule of a connection, checked by feeding its state machine events and
/// clock values: no socket, no sleeping.
struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine

    static var rules: Machine.Rules {
        var rules = Machine.Rules()
        rules.headerTimeout = 10_000
        rules.idleTimeout = 60_000
        rules.bodyTimeout = 30_000
        rules.minimumBodyRate = 1024
        rules.bodyRateWindow = 10_000
        rules.outputHighWater = 1000
        return rules
    }

    /// A machine that has read the head of a request with a body of `length`
    /// bytes for `target`, at `now`.
    static func readingBody(
        target: Machine.Target = .sink, limit: Int = 1 << 20, length: Int? = 10, now: UInt64 = 0
    ) -> Machine {
        var machine = Machine(rules: rules, now: now)
        #expect(machine.bytesReceived(now: now) == .parse)
        #expect(
            machine.headReceived(
                target: target, limit: limit, length: length, expectsContinue: false, now: now)
                == .none)
        return machine
    }

    static func status(_ action: Machine.Action) -> Int? {
        if case .refuse(let error) = action { return error.status }
        return nil
    }

    // MARK: - The body's last piece

    @Test func aSinkFilledByTheBodysLastPieceStillSeesTheRequestEnd() {
        var machine = Self.readingBody(length: 10)
        #expect(machine.bodyReceived(count: 10, now: 5) == .deliverBody)
        #expect(machine.sinkRefused() == .pauseReading)
        #expect(!machine.wantsRead && !machine.mayParse)
        // No byte is pending, yet resuming must run the parser: it still owes the end.
        #expect(machine.sinkResumed(now: 50) == .resumeReading)
        #expect(machine.mayParse)
        #expect(machine.requestEnded(now: 50) == .finishSink)
        #expect(machine.state == .awaitingHandler(peerClosed: false))
        // Waiting for the sink's answer is not a slow body.
        #expect(machine.tick(now: 30_000) == .none)
        #expect(machine.handlerAnswered(now: 30_001) == .resumeReading)
    }

    @Test func aSinkThatAnswersAfterTheIdleTimeoutStillAnswersItsClient() {
        var machine = Self.readingBody(length: 0)
        #expect(machine.requestEnded(now: 0) == .finishSink)
        // An import's last step may take longer than the idle timeout with no byte moving.
        #expect(machine.tick(now: Self.rules.idleTimeout * 3) == .none)
        #expect(machine.handlerAnswered(now: Self.rules.idleTimeout * 3 + 1) == .resumeReading)
        #expect(machine.state != .closed)
    }

    @Test func theParserReportsTheEndWithNoFurtherBytes() throws {
        var parser = RequestParser()
        let request = Array("POST /import HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8)
        var events: [RequestParser.Event] = []
        var offset = 0
        try request.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let step = try parser.next(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                offset += step.consumed
                if let event = step.event { events.append(event) }
            }
        }
        #expect(events.count == 2, "head and body; the end is not reported until the parser runs again")
        let end = try parser.next(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(end.event == .end)
    }

    // MARK: - Timeouts

    @Test func aSlowHeadGets408AfterTheHeaderTimeout() {
        var machine = Machine(rules: Self.rules, now: 0)
        #expect(machine.bytesReceived(now: 1000) == .parse)
        #expect(machine.tick(now: 11_000) == .none)
        let action = machine.tick(now: 11_001)
        #expect(Self.status(action) == 408)
        #expect(machine.state == .closing)
        #expect(!machine.wantsRead)
    }

    @Test func anIdleKeepAliveConnectionClosesAfterTheIdleTimeout() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        #expect(machine.requestEnded(now: 0) == .callHandler)
        #expect(machine.responseQueued(unsent: 100, streaming: false, close: false) == .none)
        machine.bytesSent(now: 1)
        #expect(machine.outputDrained(now: 1) == .none)
        #expect(machine.isIdle)
        #expect(machine.tick(now: 60_001) == .none)
        #expect(machine.tick(now: 60_002) == .close)
        #expect(machine.state == .closed)
    }

    @Test func aStalledBodyGets408() {
        var machine = Self.readingBody(target: .buffer, length: 100)
        #expect(machine.bodyReceived(count: 10, now: 1000) == .deliverBody)
        // Rate off for this test: only the stall rule.
        var rules = Self.rules
        rules.minimumBodyRate = 0
        machine = Machine(copying: machine, rules: rules)
        #expect(machine.tick(now: 31_000) == .none)
        #expect(Self.status(machine.tick(now: 31_001)) == 408)
    }

    @Test func aBodyBelowTheMinimumRateOverAWindowGets408() {
        var machine = Self.readingBody(target: .buffer, length: 100_000)
        // 10 KB in the first 10 s window: 1,000 bytes/s, under 1,024.
        for second in 1...10 { _ = machine.bodyReceived(count: 1000, now: UInt64(second) * 1000) }
        #expect(Self.status(machine.tick(now: 10_000)) == 408)
    }

    @Test func aBodyAtTheMinimumRateStartsTheNextWindow() {
        var machine = Self.readingBody(target: .buffer, length: 100_000)
        for second in 1...10 { _ = machine.bodyReceived(count: 1100, now: UInt64(second) * 1000) }
        #expect(machine.tick(now: 10_000) == .none)
        guard case .readingBody(let body) = machine.state else { return #expect(Bool(false)) }
        #expect(body.windowStart == 10_000 && body.receivedAtWindowStart == 11_000)
    }

    @Test func timeTheServerHoldsReadingDoesNotCountAgainstTheRate() {
        var machine = Self.readingBody(length: 100_000)
        #expect(machine.bodyReceived(count: 5000, now: 1000) == .deliverBody)
        #expect(machine.sinkRefused() == .pauseReading)
        // The sink holds the body for 40 s: no stall, no rate failure meanwhile.
        for now in stride(from: UInt64(2000), through: 41_000, by: 250) {
            #expect(machine.tick(now: now) == .none)
        }
        #expect(machine.sinkResumed(now: 41_000) == .resumeReading)
        #expect(machine.bodyReceived(count: 11_000, now: 50_000) == .deliverBody)
        #expect(machine.tick(now: 51_000) == .none, "the window restarted at the resume")
    }

    @Test func lingeringLastsAtMostTwoSeconds() {
        var machine = Machine(rules: Self.rules, now: 0)
        _ = machine.bytesReceived(now: 0)
        _ = machine.headReceived(target: .buffer, limit: 0, length: nil, expectsContinue: false, now: 0)
        _ = machine.requestEnded(now: 0)
        _ = machine.responseQueued(unsent: 10, streaming: false, close: true)
        #expect(machine.outputDrained(now: 100) == .linger)
        #expect(machine.state == .lingering(since: 100))
        #expect(machine.wantsRead, "reads and drops what the client still sends")
        #expect(machine.bytesReceived(now: 1000) == .none)
        #expect(machine.tick(now: 2100) == .none)
        #expect(machine.tick(now: 2101) == .close)
    }

    @Test func stoppingClosesIdleConnectionsAtOnceAndBusyOnesWithinTheGrace() {
        var idle = Machine(rules: Self.rules, now: 0)
        #expect(idle.stop(now: 10, grace: 5000) == .close)
        var busy = Self.readingBody(target: .buffer, length: 100)
        #expect(busy.stop(now: 10, grace: 5000) == .none)
        #expect(busy.tick(now: 5009) == .none)
        #expect(busy.tick(now: 5010) == .close)
        // A request that ends while stopping is answered with Connection: close.
        var finishing = Self.readingBody(target: .buffer, length: nil)
        _ = finishing.stop(now: 0, grace: 5000)
        #expect(finishing.requestEnded(now: 1) == .callHandler)
        #expect(finishing.closesAfterResponse(keepAlive: true))
    }

    @Test func anIdleConnectionClosesOnceItsOutputDrainsAfterStop() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        _ = machine.responseQueued(unsent: 10, streaming: false, close: false)
        #expect(machine.stop(now: 1, grace: 5000) == .none, "its answer is still on the way")
        #expect(machine.outputDrained(now: 2) == .close)
    }

    // MARK: - Limits

    @Test func aDeclaredLengthOverTheRouteLimitGets413BeforeTheBody() {
        var machine = Machine(rules: Self.rules, now: 0)
        _ = machine.bytesReceived(now: 0)
        let action = machine.headReceived(
            target: .buffer, limit: 16, length: 17, expectsContinue: true, now: 0)
        #expect(Self.status(action) == 413, "and no 100 Continue")
        #expect(machine.state == .closing)
    }

    @Test func aChunkedBodyPassingTheRouteLimitGets413() {
        var machine = Self.readingBody(limit: 16, length: nil)
        #expect(machine.bodyReceived(count: 16, now: 1) == .deliverBody)
        #expect(Self.status(machine.bodyReceived(count: 1, now: 2)) == 413)
        #expect(!machine.mayParse)
    }

    // MARK: - Backpressure

    @Test func outputOverTheHighWaterPausesReadingUntilItDrains() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        #expect(machine.responseQueued(unsent: 999, streaming: false, close: false) == .none)
        #expect(machine.responseQueued(unsent: 1000, streaming: false, close: false) == .pauseReading)
        #expect(!machine.mayParse && !machine.wantsRead)
        #expect(machine.writeWouldBlock() == .watchWrites(true))
        #expect(machine.wantsWrite)
        #expect(machine.outputDrained(now: 5) == .resumeReading)
        #expect(machine.wantsRead && !machine.wantsWrite)
    }

    @Test func aHeadWaitingBehindHeldOutputIsNotTimedOut() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        #expect(machine.responseQueued(unsent: 5000, streaming: false, close: false) == .pauseReading)
        machine.bytesBuffered(now: 0)  // part of the next head waits, unparsed
        #expect(machine.tick(now: 20_000) == .none, "the server, not the client, holds it")
        #expect(machine.outputDrained(now: 20_000) == .resumeReading)
        #expect(machine.tick(now: 29_000) == .none)
        #expect(Self.status(machine.tick(now: 30_001)) == 408)
    }

    @Test func aStreamedResponseKeepsOutputBusyUntilItEnds() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        _ = machine.responseQueued(unsent: 100, streaming: true, close: false)
        #expect(machine.output == .streaming)
        #expect(!machine.isIdle)
        #expect(machine.stop(now: 1, grace: 1000) == .none, "a stream in flight is not cut by stop")
    }

    @Test func aFullSinkPausesReadingAndItsResumeReadsAgain() {
        var machine = Self.readingBody(length: 100)
        #expect(machine.bodyReceived(count: 40, now: 1) == .deliverBody)
        #expect(machine.sinkRefused() == .pauseReading)
        #expect(machine.sinkRefused() == .none)
        #expect(machine.interest == 0)
        #expect(machine.sinkResumed(now: 2) == .resumeReading)
        #expect(machine.sinkResumed(now: 3) == .none, "a second resume changes nothing")
        #expect(machine.interest == Machine.readInterest)
    }

    @Test func bothPausesMustEndBeforeReadingResumes() {
        var machine = Self.readingBody(length: 100)
        _ = machine.bodyReceived(count: 40, now: 1)
        _ = machine.responseQueued(unsent: 5000, streaming: false, close: false)
        _ = machine.sinkRefused()
        #expect(machine.sinkResumed(now: 2) == .none, "output is still over the high water")
        #expect(machine.outputDrained(now: 3) == .resumeReading)
    }

    // MARK: - Requests

    @Test func expectContinueIsAnsweredOnlyForAnAcceptedHead() {
        var machine = Machine(rules: Self.rules, now: 0)
        _ = machine.bytesReceived(now: 0)
        #expect(
            machine.headReceived(target: .sink, limit: 100, length: 50, expectsContinue: true, now: 0)
                == .sendContinue)
        var refused = Machine(rules: Self.rules, now: 0)
        _ = refused.bytesReceived(now: 0)
        #expect(
            refused.headReceived(target: .answered, limit: 0, length: nil, expectsContinue: true, now: 0)
                == .none)
    }

    @Test func pipelinedRequestsFollowOneAnother() {
        var machine = Machine(rules: Self.rules, now: 0)
        _ = machine.bytesReceived(now: 0)
        for request in 0..<3 {
            let now = UInt64(request)
            #expect(machine.mayParse)
            _ = machine.headReceived(target: .buffer, limit: 0, length: nil, expectsContinue: false, now: now)
            #expect(machine.requestEnded(now: now) == .callHandler)
            #expect(
                machine.responseQueued(unsent: 100 * (request + 1), streaming: false, close: false) == .none)
        }
        machine.bytesBuffered(now: 3)
        #expect(machine.state == .readingHead(startedAt: 3), "a partial next head starts its timer")
        #expect(machine.outputDrained(now: 4) == .none)
    }

    @Test func aSinkAnswersOnceAndALateSecondAnswerIsIgnored() {
        var machine = Self.readingBody(length: 0)
        #expect(machine.requestEnded(now: 0) == .finishSink)
        #expect(!machine.wantsRead, "the next request waits for the answer")
        #expect(machine.handlerAnswered(now: 1) == .resumeReading)
        #expect(machine.handlerAnswered(now: 2) == .none)
    }

    // MARK: - A client that half-closes

    @Test func aClientThatHalfClosesGetsWhatIsQueued() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        _ = machine.responseQueued(unsent: 100, streaming: false, close: false)
        #expect(machine.peerClosed() == .none)
        #expect(machine.state == .closing)
        #expect(machine.outputDrained(now: 1) == .linger)
    }

    @Test func aClientThatHalfClosesAfterItsBodyStillGetsTheSinksAnswer() {
        var machine = Self.readingBody(length: 0)
        _ = machine.requestEnded(now: 0)
        #expect(machine.peerClosed() == .none)
        #expect(machine.handlerAnswered(now: 1) == .resumeReading)
        #expect(machine.closesAfterResponse(keepAlive: true))
    }

    @Test func aClientThatClosesMidBodyIsClosed() {
        var machine = Self.readingBody(length: 100)
        _ = machine.bodyReceived(count: 10, now: 1)
        #expect(machine.peerClosed() == .close)
        #expect(machine.state == .closed && machine.interest == 0)
    }

    @Test func aQuietClientIsClosedWhenNothingIsQueued() {
        var machine = Machine(rules: Self.rules, now: 0)
        #expect(machine.peerClosed() == .close)
    }

    @Test func aTimeoutWithOutputOnTheWayClosesInsteadOfAnswering() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        // (Not a stream: the next head is not read behind one.)
        _ = machine.responseQueued(unsent: 100, streaming: false, close: false)
        _ = machine.bytesReceived(now: 0)
        #expect(machine.tick(now: 10_001) == .close)
    }
}

extension ConnectionStateMachine {
    /// `machine` under other `rules` (to test one rule alone).
    init(copying machine: ConnectionStateMachine, rules: Rules) {
        self.init(rules: rules, now: machine.lastActivity)
        state = machine.state
        output = machine.output
        held = machine.held
        lastActivity = machine.lastActivity
    }
}
