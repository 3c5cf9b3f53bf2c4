import Platform

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// A tick: each connection's state machine decides whether its client is
    /// too slow or gone quiet.
    func sweep(now: UInt64) {
        resumeListeningIfDue(now: now)
        for connection in Array(connections.values) {
            let action = connection.machine.tick(now: now)
            if action != .none { perform(action, connection, now: now) }
        }
    }

    /// Stops accepting; idle connections close now, the rest once they are done
    /// or the grace period ends.
    func beginStopping(now: UInt64) {
        guard !stopping else { return }
        stopping = true
        let grace = UInt64(configuration.shutdownGrace * 1000)
        stopDeadline = now + grace
        unwatch(listener)
        System.close(listener)
        listener = -1
        for connection in Array(connections.values) {
            perform(connection.machine.stop(now: now, grace: grace), connection, now: now)
        }
    }
}
