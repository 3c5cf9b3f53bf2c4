extension EventLoop {
    /// An event stream's head is queued on `connection`: the stream wakes this
    /// loop whenever it has an event (through `post`, from any thread), and the
    /// flush that follows takes what it has already.
    func startEvents(_ events: EventStream, on connection: Connection, chunked: Bool) {
        connection.events = events
        connection.eventsChunked = chunked
        let (fd, serial) = (connection.fd, connection.serial)
        events.attach { [weak self] in
            self?.post(to: fd, serial: serial) { connection, now in
                guard let self else { return }
                self.perform(connection.machine.eventsPending(), connection, now: now)
            }
        }
        if connection.machine.eventStreamStarted() == .endEvents { endEvents(connection) }
    }

    /// Queues one event's bytes (a chunk, or as they are to an HTTP/1.0 client).
    func queueEvent(_ bytes: [UInt8], on connection: Connection) {
        if connection.eventsChunked {
            ResponseWriter.chunk(bytes, into: &connection.output)
        } else {
            connection.output.append(contentsOf: bytes)
        }
    }

    /// The stream is over: its source is let go and the last chunk queued (an
    /// HTTP/1.0 client's stream ends with the connection's close).
    func endEvents(_ connection: Connection) {
        guard let events = connection.events else { return }
        connection.events = nil
        events.close()
        if connection.eventsChunked { ResponseWriter.chunk(nil, into: &connection.output) }
    }
}
