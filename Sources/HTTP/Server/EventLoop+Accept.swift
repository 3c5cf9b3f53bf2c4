import CLinux
import Platform

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// Accepts what is waiting on the listening socket (at most 256 at a time,
    /// so one busy listener does not starve the connections).
    func acceptConnections(now: UInt64) {
        for _ in 0..<256 {
            let accepted: Int32?
            do {
                accepted = try syscall("accept4") { roster_accept_nonblocking(listener.fd) }
            } catch {
                if error.code == EMFILE || error.code == ENFILE {
                    // Out of descriptors: stop listening for a moment instead of spinning.
                    try? watch(listener.fd, events: 0, tag: UInt64(listener.fd), add: false)
                    listener.pause(now: now)
                }
                return  // other errors (a connection reset before it was accepted) concern one client
            }
            guard let fd = accepted else { return }
            guard openConnections.claim(below: configuration.maxConnections) else {
                System.close(fd)  // over the cap: a clean close now beats a client waiting on a full server
                continue
            }
            var one: Int32 = 1
            // Without TCP_NODELAY small answers wait for Nagle; failing to set it only costs latency.
            _ = try? syscall("setsockopt") {
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            let connection = Connection(
                fd: fd, serial: listener.nextSerial(), peer: PeerAddress.of(fd),
                tracePeer: configuration.requestTrace != nil ? RequestTrace.peer(of: fd) : "",
                limits: configuration.limits, rules: rules, now: now)
            do {
                try watch(fd, events: connection.registered, tag: UInt64(fd), add: true)
                connections[fd] = connection
            } catch {
                openConnections.release()
                System.close(fd)
            }
        }
    }

    /// Listens again once a pause for want of descriptors is over.
    func resumeListeningIfDue(now: UInt64) {
        guard !timers.isStopping, listener.resumeIfDue(now: now) else { return }
        try? watch(listener.fd, events: EPOLLIN.rawValue, tag: UInt64(listener.fd), add: false)
    }
}
