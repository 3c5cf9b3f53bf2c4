extension ConnectionStateMachine {
    /// A tick of the clock (about four a second): the action for a client too
    /// slow or gone quiet, or for a stopping server's grace running out.
    ///
    /// - Header: a head must be complete within `headerTimeout` of its first byte (408).
    /// - Body stall: a body being read must make progress every `bodyTimeout` (408).
    /// - Body rate: at least `minimumBodyRate` bytes/s over each `bodyRateWindow`
    ///   while the server reads (408); time reading is held does not count.
    /// - Lingering lasts at most `linger`.
    /// - Idle: no byte in or out for `idleTimeout` closes, except while the server
    ///   owes the answer and has nothing queued (a long import's last step): that
    ///   silence is the server's, not the client's.
    /// - Event streams: see `eventStreamTick(now:)`.
    mutating func tick(now: UInt64) -> Action {
        if let since = stoppingSince, Self.elapsed(since: since, now: now) >= shutdownGrace {
            return closeNow()
        }
        switch state {
        case .lingering(let since):
            if Self.elapsed(since: since, now: now) > rules.linger { return closeNow() }
            return .none
        case .closed:
            return .none
        case .streamingEvents:
            return eventStreamTick(now: now)
        case .awaitingHandler where output == .empty:
            return .none
        case .readingHead(let startedAt) where held.isEmpty:
            if Self.elapsed(since: startedAt, now: now) > rules.headerTimeout {
                return timeOut(
                    "the request head did not arrive within \(Self.seconds(rules.headerTimeout)) s")
            }
        case .readingBody(var body) where held.isEmpty:
            if Self.elapsed(since: body.lastActivity, now: now) > rules.bodyTimeout {
                return timeOut("the request body stalled for \(Self.seconds(rules.bodyTimeout)) s")
            }
            let window = Self.elapsed(since: body.windowStart, now: now)
            if rules.minimumBodyRate > 0, window > 0, window >= rules.bodyRateWindow {
                let arrived = body.received - body.receivedAtWindowStart
                if Double(arrived) < Double(rules.minimumBodyRate) * Double(window) / 1000 {
                    return timeOut("the request body arrived slower than \(rules.minimumBodyRate) bytes/s")
                }
                body.windowStart = now
                body.receivedAtWindowStart = body.received
                state = .readingBody(body)
            }
        default:
            break
        }
        if Self.elapsed(since: lastActivity, now: now) > rules.idleTimeout { return closeNow() }
        return .none
    }

    /// Answers 408 and closes; with output already on its way there is no room
    /// for an answer, so it just closes.
    private mutating func timeOut(_ message: String) -> Action {
        guard output == .empty else { return closeNow() }
        state = .closing
        return .refuse(HTTPError(408, "request_timeout", message))
    }

    private static func seconds(_ milliseconds: UInt64) -> Double { Double(milliseconds) / 1000 }
}
