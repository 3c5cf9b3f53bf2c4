import Testing

@testable import HTTP

/// An event stream's transitions: started, more events queued, heartbeats, the
/// client closing, the source finishing, the server stopping.
extension ConnectionStateMachineTests {
    /// A machine that answered a GET with an event stream, at `now`.
    static func streamingEvents(now: UInt64 = 0) -> Machine {
        var machine = Self.readingBody(target: .buffer, length: nil, now: now)
        #expect(machine.requestEnded(now: now) == .callHandler)
        #expect(machine.eventStreamStarted() == .none)
        return machine
    }

    @Test func anEventStreamParsesNothingMoreButWatchesForTheClientsClose() {
        var machine = Self.streamingEvents()
        #expect(machine.state == .streamingEvents && machine.output == .events)
        #expect(!machine.mayParse && machine.wantsRead && !machine.wantsWrite)
        #expect(!machine.isIdle)
        #expect(machine.bytesReceived(now: 5) == .none, "what the client sends is dropped")
    }

    @Test func startingAStreamLiftsAnOutputHoldSinceNothingIsParsedAnyMore() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        #expect(machine.responseQueued(unsent: 5000, streaming: false, close: false) == .pauseReading)
        #expect(machine.eventStreamStarted() == .none)
        #expect(machine.wantsRead, "the client's close must still be seen")
    }

    @Test func queuedEventsAreSentAtOnceUnlessTheSocketIsFull() {
        var machine = Self.streamingEvents()
        #expect(machine.eventsPending() == .sendEvents)
        #expect(machine.writeWouldBlock() == .watchWrites(true))
        #expect(machine.eventsPending() == .none, "the socket's drain sends the newest event")
        #expect(machine.eventsCaughtUp() == .watchWrites(false))
        #expect(!machine.wantsWrite && machine.output == .events)
        #expect(machine.eventsPending() == .sendEvents)
        #expect(machine.eventsCaughtUp() == .none)
    }

    @Test func anOpenStreamIsNeverIdleAndGetsAHeartbeatWhenQuiet() {
        var rules = Self.rules
        rules.eventHeartbeat = 15_000
        var machine = Machine(copying: Self.streamingEvents(), rules: rules)
        machine.bytesSent(now: 1000)
        #expect(machine.tick(now: 15_999) == .none)
        #expect(machine.tick(now: 16_000) == .sendHeartbeat)
        machine.bytesSent(now: 16_000)
        #expect(machine.tick(now: 30_999) == .none)
        // Quiet far past the idle timeout, yet open: each quiet spell gets a heartbeat.
        #expect(machine.tick(now: 3_600_000) == .sendHeartbeat)
        #expect(machine.state == .streamingEvents)
    }

    @Test func aClientThatReadsNothingIsClosedAfterTheIdleTimeout() {
        var machine = Self.streamingEvents()
        machine.bytesSent(now: 1000)
        #expect(machine.writeWouldBlock() == .watchWrites(true))
        #expect(machine.tick(now: 20_000) == .none, "no heartbeat into a full socket")
        #expect(machine.tick(now: 61_000) == .none)
        #expect(machine.tick(now: 61_001) == .close)
    }

    @Test func theClientClosingEndsTheStream() {
        var machine = Self.streamingEvents()
        #expect(machine.peerClosed() == .close)
        #expect(machine.state == .closed && machine.interest == 0)
        #expect(machine.eventsPending() == .none)
    }

    @Test func theSourceFinishingEndsTheStreamWithItsLastChunkThenCloses() {
        var machine = Self.streamingEvents()
        #expect(machine.eventStreamFinished() == .endEvents)
        #expect(machine.output == .queued && machine.eventsPending() == .none)
        #expect(machine.eventStreamFinished() == .none)
        #expect(machine.tick(now: 100_000) == .none, "no heartbeat after the last chunk")
        // No lingering: the client's bytes were read all along, so closing resets nothing.
        #expect(machine.outputDrained(now: 1) == .close)
    }

    @Test func stoppingEndsTheStreamAtOnceAndItClosesOnceTheLastChunkIsSent() {
        var machine = Self.streamingEvents()
        #expect(machine.stop(now: 10, grace: 5000) == .endEvents)
        #expect(machine.output == .queued && machine.wantsRead, "a client closing meanwhile is still seen")
        #expect(machine.eventsPending() == .none)
        #expect(machine.outputDrained(now: 11) == .close)
        // A client that does not read the end is cut when the grace runs out.
        var stuck = Self.streamingEvents()
        _ = stuck.stop(now: 10, grace: 5000)
        _ = stuck.writeWouldBlock()
        #expect(stuck.tick(now: 5009) == .none)
        #expect(stuck.tick(now: 5010) == .close)
    }

    @Test func aStreamStartedWhileStoppingEndsAtOnce() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.stop(now: 0, grace: 5000)
        _ = machine.requestEnded(now: 1)
        #expect(machine.eventStreamStarted() == .endEvents)
        #expect(machine.state == .streamingEvents && machine.output == .queued)
        #expect(machine.outputDrained(now: 2) == .close)
    }

    @Test func aStreamOnAClosingConnectionEndsWithItsHead() {
        var machine = Self.readingBody(target: .buffer, length: nil)
        _ = machine.requestEnded(now: 0)
        _ = machine.responseQueued(unsent: 100, streaming: false, close: true)
        #expect(machine.eventStreamStarted() == .endEvents)
        #expect(machine.state == .closing)
        #expect(machine.outputDrained(now: 1) == .linger, "as after any last answer")
    }
}
