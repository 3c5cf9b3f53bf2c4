extension ConnectionStateMachine {
    // MARK: - Event streams

    /// An event stream's head was queued: from now on the connection carries
    /// that stream until it ends. No further request is parsed (the stream has
    /// no end to wait for), but reading goes on, to see the client close.
    /// `.endEvents` when the connection cannot carry it: it is closing (the
    /// stream ends with its head), or the server is stopping.
    mutating func eventStreamStarted() -> Action {
        switch state {
        case .closing, .lingering, .closed:
            if state != .closed { output = .queued }
            return .endEvents
        default:
            break
        }
        // The head is still queued: the flush that follows sends it before any event.
        state = .streamingEvents
        output = .events
        held = []  // holds pause parsing, and nothing is parsed any more
        return stoppingSince == nil ? .none : endEventStream()
    }

    /// The stream's source has something to send (it woke the loop): send it,
    /// unless the socket is full, in which case its drain sends the newest.
    func eventsPending() -> Action {
        state == .streamingEvents && output == .events && !watchingWrites ? .sendEvents : .none
    }

    /// Everything the stream had is sent: nothing to watch the socket for
    /// until the source wakes the loop again.
    mutating func eventsCaughtUp() -> Action {
        guard watchingWrites else { return .none }
        watchingWrites = false
        return .watchWrites(false)
    }

    /// The stream's source finished, and what it sent is queued.
    mutating func eventStreamFinished() -> Action {
        state == .streamingEvents && output == .events ? endEventStream() : .none
    }

    /// The stream ends: its last chunk is queued, and once it is sent the
    /// connection closes (`outputDrained`).
    mutating func endEventStream() -> Action {
        output = .queued
        return .endEvents
    }

    /// A tick of an open stream. It has no idle timeout while the client reads:
    /// after `eventHeartbeat` ms with no byte sent it gets a comment line. A
    /// client that reads nothing (the socket stays full) for `idleTimeout` is
    /// closed; a client that is gone is found by the write that fails.
    mutating func eventStreamTick(now: UInt64) -> Action {
        let quiet = Self.elapsed(since: lastActivity, now: now)
        if watchingWrites { return quiet > rules.idleTimeout ? closeNow() : .none }
        return output == .events && quiet >= rules.eventHeartbeat ? .sendHeartbeat : .none
    }
}
