import Testing

@testable import HTTP

/// A request pipelined behind a streamed response: its answer must follow the
/// stream's last chunk (RFC 9112 9.3.2), so it is not parsed until the stream
/// is sent, and then from the bytes already buffered.
extension ConnectionStateMachineTests {
    /// A machine that answered a buffered request with a streamed body, at `now`.
    static func streamingResponse(now: UInt64 = 0) -> Machine {
        var machine = Self.readingBody(target: .buffer, length: nil, now: now)
        #expect(machine.requestEnded(now: now) == .callHandler)
        #expect(machine.responseQueued(unsent: 100, streaming: true, close: false) == .pauseReading)
        return machine
    }

    @Test func aStreamedResponseHoldsTheNextRequestUntilItsLastChunkIsSent() {
        var machine = Self.streamingResponse()
        #expect(machine.held == .stream)
        #expect(!machine.mayParse && !machine.wantsRead, "nothing behind the stream is parsed or read")
        machine.bytesBuffered(now: 1)  // the pipelined request waits, unparsed
        // The body goes out over many writes, the socket filling and draining.
        #expect(machine.writeWouldBlock() == .watchWrites(true))
        machine.bytesSent(now: 500)
        #expect(!machine.mayParse, "the stream is still being produced")
        #expect(machine.outputDrained(now: 600) == .resumeReading, "parse what is buffered")
        #expect(machine.mayParse && machine.wantsRead && !machine.wantsWrite)
        #expect(machine.held.isEmpty && machine.output == .empty)
    }

    @Test func pipelinedRequestsBehindAStreamAreParsedOneStreamAtATime() {
        var machine = Machine(rules: Self.rules, now: 0)
        _ = machine.bytesReceived(now: 0)
        // A plain answer, two streams, a plain answer: each stream holds what follows it.
        for (request, streaming) in [false, true, true, false].enumerated() {
            let now = UInt64(request * 10)
            #expect(machine.mayParse, "request \(request) is parsed")
            _ = machine.headReceived(target: .buffer, limit: 0, length: nil, expectsContinue: false, now: now)
            #expect(machine.requestEnded(now: now) == .callHandler)
            let action = machine.responseQueued(unsent: 100, streaming: streaming, close: false)
            #expect(action == (streaming ? .pauseReading : .none))
            guard streaming else { continue }
            machine.bytesBuffered(now: now)
            #expect(!machine.mayParse)
            #expect(machine.outputDrained(now: now + 5) == .resumeReading)
        }
        #expect(machine.outputDrained(now: 50) == .none)
        #expect(machine.isIdle)
    }

    @Test func aHeadWaitingBehindAStreamIsNotTimedOut() {
        var machine = Self.streamingResponse()
        machine.bytesBuffered(now: 0)
        machine.bytesSent(now: 15_000)
        #expect(machine.tick(now: 20_000) == .none, "the server, not the client, holds the head")
        #expect(machine.outputDrained(now: 20_000) == .resumeReading)
        #expect(machine.state == .readingHead(startedAt: 20_000), "its timer starts at the resume")
        #expect(machine.tick(now: 30_000) == .none)
        #expect(Self.status(machine.tick(now: 30_001)) == 408)
    }

    @Test func aStreamPastTheHighWaterIsReleasedByOneDrain() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        #expect(machine.responseQueued(unsent: 5000, streaming: true, close: false) == .pauseReading)
        #expect(machine.held == [.output, .stream])
        #expect(machine.outputDrained(now: 1) == .resumeReading)
        #expect(machine.held.isEmpty && machine.mayParse)
    }

    @Test func aStreamedAnswerFromASinkAlsoHoldsTheNextRequest() {
        var machine = Self.readingBody(length: 0)
        #expect(machine.requestEnded(now: 0) == .finishSink)
        #expect(machine.handlerAnswered(now: 1) == .resumeReading)
        #expect(machine.responseQueued(unsent: 100, streaming: true, close: false) == .pauseReading)
        #expect(!machine.mayParse, "the resume that follows the answer parses nothing")
        #expect(machine.outputDrained(now: 2) == .resumeReading)
    }

    @Test func aStreamThatClosesTheConnectionHoldsNothingAndLingersAfterIt() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        #expect(machine.responseQueued(unsent: 100, streaming: true, close: true) == .none)
        #expect(machine.state == .closing && machine.held.isEmpty && !machine.mayParse)
        #expect(machine.outputDrained(now: 1) == .linger)
    }

    @Test func stoppingWhileAStreamIsSentClosesOnceItIsSentWithoutParsingMore() {
        var machine = Self.streamingResponse()
        #expect(machine.stop(now: 1, grace: 5000) == .none, "a stream in flight is not cut by stop")
        #expect(machine.outputDrained(now: 2) == .close)
    }

    @Test func aRequestPipelinedBehindAnEventStreamIsNeverParsed() {
        var machine = Self.streamingEvents()
        #expect(!machine.mayParse)
        #expect(machine.bytesReceived(now: 1) == .none, "what follows the stream's request is dropped")
        #expect(machine.eventStreamFinished() == .endEvents)
        #expect(!machine.mayParse)
        #expect(machine.outputDrained(now: 2) == .close, "the stream's end closes, it resumes nothing")
    }
}
