import Platform

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// Carries out what the state machine decided (the epoll interest follows
    /// its state, so pausing and watching writes need no more than `syncInterest`).
    func perform(_ action: ConnectionStateMachine.Action, _ connection: Connection, now: UInt64) {
        switch action {
        case .none, .pauseReading, .watchWrites, .deliverBody, .callHandler, .finishSink:
            syncInterest(connection)
        case .parse, .resumeReading:
            // Even with nothing pending: the parser may owe the request's end.
            syncInterest(connection)
            process(connection, UnsafeRawBufferPointer(start: nil, count: 0), now: now)
        case .sendContinue:
            connection.output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
        case .refuse(let error):
            connection.cancelSink()
            respond(connection, .error(error), head: connection.head, close: true)
            flush(connection, now: now)
        case .linger:
            // Fails only when the peer is gone, which the lingering read then sees.
            _ = try? syscall("shutdown") { shutdown(connection.fd, Int32(SHUT_WR)) }
            syncInterest(connection)
        case .close:
            drop(connection)
        case .sendEvents:
            flush(connection, now: now)
        case .sendHeartbeat:
            queueEvent(ServerSentEvent.keepAlive.bytes, on: connection)
            flush(connection, now: now)
        case .endEvents:
            endEvents(connection)
            flush(connection, now: now)
        }
    }

    /// Queues `response` to `head` (nil: a request that could not be read) and
    /// tells the observer under the request's route. With the head's bytes as received,
    /// an answer that may be given again (`Response.reusableUntil`) is kept for them.
    func respond(
        _ connection: Connection, _ response: Response, head: RequestHead?, close: Bool,
        headBytes: UnsafeRawBufferPointer? = nil
    ) {
        if let observer = router.observer {
            let now = clock.nanoseconds()
            let elapsed =
                head == nil || now < connection.requestStartedAt ? 0 : now - connection.requestStartedAt
            observer(head == nil ? "invalid" : connection.route, response.status, Double(elapsed) / 1e9)
        }
        let close = close || connection.machine.state == .closing
        let start = connection.output.count
        let rest = writer.write(
            response, head: head, routeLines: connection.routeLines, close: close, into: &connection.output)
        if let headBytes, let head, !close, response.reusableUntil != nil {
            keepAnswer(
                response, to: head, headBytes, written: start..<connection.output.count, on: connection)
        }
        switch rest {
        case .stream(let source)?:
            connection.stream = source
        case .events(let events)?:
            return startEvents(events, on: connection, chunked: ResponseWriter.chunksEvents(for: head))
        default:
            // A stream answered to HEAD never starts: let its source go now.
            if case .events(let events) = response.body { events.close() }
        }
        _ = connection.machine.responseQueued(
            unsent: connection.unsent, streaming: connection.stream != nil, close: close)
    }

    /// Sends what is queued, pulling streamed bodies as the socket drains, and
    /// tells the state machine how far it got.
    func flush(_ connection: Connection, now: UInt64) {
        while true {
            if connection.unsent > 0 {
                let result: Int?
                do {
                    result = try connection.output.withUnsafeBytes { bytes in
                        try syscall("send") {
                            send(
                                connection.fd, bytes.baseAddress! + connection.sent, connection.unsent,
                                Int32(MSG_NOSIGNAL))
                        }
                    }
                } catch {
                    return drop(connection)
                }
                guard let written = result else {
                    return perform(connection.machine.writeWouldBlock(), connection, now: now)
                }
                connection.sent += written
                connection.machine.bytesSent(now: now)
                continue
            }
            if connection.output.capacity > 64 * 1024 {
                connection.output = []
            } else {
                connection.output.removeAll(keepingCapacity: true)
            }
            connection.sent = 0
            if let stream = connection.stream {
                do {
                    let chunk = try stream.next()
                    if chunk?.isEmpty == true { continue }
                    ResponseWriter.chunk(chunk, into: &connection.output)
                    if chunk == nil { connection.stream = nil }
                } catch {
                    configuration.logger.log("roster: a streamed response failed: \(error)")
                    return drop(connection)  // the head is sent: cutting the stream is all that is left
                }
                continue
            }
            if let events = connection.events {
                switch events.next() {
                case .event(let bytes):
                    queueEvent(bytes, on: connection)
                case .finished:
                    _ = connection.machine.eventStreamFinished()
                    endEvents(connection)
                case .nothing:
                    return perform(connection.machine.eventsCaughtUp(), connection, now: now)
                }
                continue
            }
            return perform(connection.machine.outputDrained(now: now), connection, now: now)
        }
    }

    /// Sets the epoll interest to what the state machine wants, when it changed.
    func syncInterest(_ connection: Connection) {
        let wanted = connection.machine.interest
        guard wanted != connection.registered, connections[connection.fd] != nil else { return }
        connection.registered = wanted
        do {
            try watch(connection.fd, events: wanted, tag: UInt64(connection.fd), add: false)
        } catch {
            drop(connection)  // a connection epoll cannot watch would hang: close it
        }
    }

    /// Closes the connection now, cancelling the sink of a body cut short.
    func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.fd) != nil else { return }
        openConnections.release()
        traceEnd(connection, outcome: "unfinished")
        connection.cancelSink()
        connection.events?.close()
        connection.events = nil
        connection.machine.closed()
        unwatch(connection.fd)
        System.close(connection.fd)
    }
}
