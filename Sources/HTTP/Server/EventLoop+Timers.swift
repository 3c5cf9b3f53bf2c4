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
        let grace = UInt64(configuration.shutdownGrace * 1000)
        guard timers.beginStopping(now: now, grace: grace) else { return }
        let fd = listener.close()
        unwatch(fd)
        System.close(fd)
        for connection in Array(connections.values) {
            perform(connection.machine.stop(now: now, grace: grace), connection, now: now)
        }
    }
}
