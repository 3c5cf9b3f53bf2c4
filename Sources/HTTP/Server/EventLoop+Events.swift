extension EventLoop {
    /// An event stream's head is queued on `connection`: the stream wakes this
    /// loop whenever it has an event (through `post`, from any thread), and the
    /// flush that follows takes what it has already.
    func startEvents(_ events: EventStream, on connection: Connection, chunked: Bool) {
        connection.writeSide.startEvents(events, chunked: chunked)
        let (fd, serial) = (connection.fd, connection.serial)
        events.attach { [weak self] in
            self?.post(to: fd, serial: serial) { connection, now in
                guard let self else { return }
                self.perform(connection.machine.eventsPending(), connection, now: now)
            }
        }
        if connection.machine.eventStreamStarted() == .endEvents { connection.writeSide.endEvents() }
    }
}
