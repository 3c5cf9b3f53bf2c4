/// A loop's clock-driven state: when connections were last swept for timeouts,
/// and, once it is stopping, when the grace period ends. Times in ms.
struct LoopTimers {
    /// Connections are swept (and the router ticks) at most this often (ms).
    static let sweepInterval: UInt64 = 250

    private var lastSweep: UInt64 = 0
    /// When the grace period ends; nil while the loop is not stopping.
    private var stopDeadline: UInt64?

    /// Whether the loop is stopping (accepting no more).
    var isStopping: Bool { stopDeadline != nil }

    /// Whether a sweep is due at `now`: if so, it is counted as done.
    mutating func sweepDue(now: UInt64) -> Bool {
        guard ConnectionStateMachine.elapsed(since: lastSweep, now: now) >= Self.sweepInterval else {
            return false
        }
        lastSweep = now
        return true
    }

    /// Starts stopping at `now` with `grace` ms to finish; false when already stopping.
    mutating func beginStopping(now: UInt64, grace: UInt64) -> Bool {
        guard stopDeadline == nil else { return false }
        stopDeadline = now + grace
        return true
    }

    /// Whether a stopping loop is done at `now`: every connection closed, or the grace is over.
    func isFinished(now: UInt64, open: Bool) -> Bool {
        guard let stopDeadline else { return false }
        return !open || now >= stopDeadline
    }
}
