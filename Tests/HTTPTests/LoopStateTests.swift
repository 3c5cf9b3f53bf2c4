import Testing

@testable import HTTP

/// The event loop's own state values without sockets: the batch's deferred
/// flushes (`EventBatch`), the sweep and stop clock (`LoopTimers`), and the
/// accepting state (`Listener`).
struct LoopStateTests {
    static func connection(_ fd: Int32) -> Connection {
        Connection(
            fd: fd, serial: UInt64(fd), limits: RequestParser.Limits(),
            rules: ConnectionStateMachine.Rules(ServerConfiguration()), now: 0)
    }

    @Test func aBatchFlushesEachConnectionOnceInTheOrderQueued() {
        var batch = EventBatch()
        let (a, b) = (Self.connection(3), Self.connection(4))
        #expect(batch.deferFlush(of: a) == false)  // outside a batch: flushed at once
        batch.begin(readyAt: 1_000)
        #expect(batch.readyAt == 1_000)
        #expect(batch.deferFlush(of: b) == true)
        #expect(batch.deferFlush(of: a) == true)
        #expect(batch.deferFlush(of: b) == true)
        var queued = batch.end()
        #expect(queued.map(\.fd) == [4, 3])
        #expect(batch.deferFlush(of: a) == false)  // the batch is over
        for connection in queued { connection.writeSide.flushDequeued() }
        batch.recycle(&queued)
        #expect(queued.isEmpty)
        batch.begin(readyAt: 2_000)
        #expect(batch.deferFlush(of: a) == true)
        #expect(batch.end().map(\.fd) == [3])
    }

    @Test func sweepsComeAtTheirIntervalAndAStopEndsAtItsDeadline() {
        var timers = LoopTimers()
        #expect(timers.sweepDue(now: LoopTimers.sweepInterval) == true)
        #expect(timers.sweepDue(now: LoopTimers.sweepInterval + 1) == false)
        #expect(timers.sweepDue(now: 2 * LoopTimers.sweepInterval) == true)
        #expect(!timers.isStopping && !timers.isFinished(now: 10_000, open: false))
        #expect(timers.beginStopping(now: 1_000, grace: 500) == true)
        #expect(timers.beginStopping(now: 1_200, grace: 10) == false)  // the first deadline holds
        #expect(timers.isStopping)
        #expect(!timers.isFinished(now: 1_499, open: true))
        #expect(timers.isFinished(now: 1_499, open: false))
        #expect(timers.isFinished(now: 1_500, open: true))
    }

    @Test func aListenerPausesAndResumesAndNumbersConnections() {
        var listener = Listener(fd: 7)
        #expect(listener.isListening(7) && !listener.isListening(8))
        #expect(listener.nextSerial() == 1)
        #expect(listener.nextSerial() == 2)
        #expect(listener.resumeIfDue(now: 1_000) == false)
        listener.pause(now: 1_000)
        #expect(listener.resumeIfDue(now: 1_000 + Listener.pause - 1) == false)
        #expect(listener.resumeIfDue(now: 1_000 + Listener.pause) == true)
        #expect(listener.resumeIfDue(now: 5_000) == false)
        #expect(listener.close() == 7)
        #expect(listener.fd == -1 && !listener.isListening(7))
    }
}
