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
            connection.writeSide.queueContinue()
        case .refuse(let error):
            connection.readSide.cancelSink()
            respond(connection, .error(error), head: connection.readSide.head, close: true)
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
            connection.writeSide.queueEvent(ServerSentEvent.keepAlive.bytes)
            flush(connection, now: now)
        case .endEvents:
            connection.writeSide.endEvents()
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
            let startedAt = connection.readSide.requestStartedAt
            let elapsed = head == nil || now < startedAt ? 0 : now - startedAt
            observer(
                head == nil ? "invalid" : connection.readSide.route, response.status, Double(elapsed) / 1e9)
        }
        let close = close || connection.machine.state == .closing
        let (rest, written) = connection.writeSide.queue(
            response, head: head, routeLines: connection.readSide.routeLines, close: close, by: writer)
        if let headBytes, let head, !close, response.reusableUntil != nil {
            keepAnswer(response, to: head, headBytes, written: written, on: connection)
        }
        switch rest {
        case .stream(let source)?:
            connection.writeSide.startStream(source)
        case .events(let events)?:
            return startEvents(events, on: connection, chunked: ResponseWriter.chunksEvents(for: head))
        default:
            // A stream answered to HEAD never starts: let its source go now.
            if case .events(let events) = response.body { events.close() }
        }
        _ = connection.machine.responseQueued(
            unsent: connection.writeSide.unsent, streaming: connection.writeSide.isStreaming, close: close)
    }

    /// A sink's answer arrived: send it, then go on with what the client sent next.
    func answer(_ connection: Connection, _ response: Response, head: RequestHead, now: UInt64) {
        let action = connection.machine.handlerAnswered(now: now)
        guard action != .none else { return }
        respond(
            connection, response, head: head,
            close: connection.machine.closesAfterResponse(keepAlive: head.keepAlive))
        perform(action, connection, now: now)
    }

    /// Sends what is queued, pulling streamed bodies as the socket drains, and
    /// tells the state machine how far it got.
    func flush(_ connection: Connection, now: UInt64) {
        while true {
            if connection.writeSide.unsent > 0 {
                let result: Int?
                do {
                    result = try connection.writeSide.withUnsentBytes { bytes in
                        try syscall("send") {
                            send(connection.fd, bytes.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL))
                        }
                    }
                } catch {
                    return drop(connection)
                }
                guard let written = result else {
                    return perform(connection.machine.writeWouldBlock(), connection, now: now)
                }
                connection.writeSide.sent(written)
                connection.machine.bytesSent(now: now)
                continue
            }
            connection.writeSide.drained()
            do {
                if try connection.writeSide.pullStream() { continue }
            } catch {
                configuration.logger.log("roster: a streamed response failed: \(error)")
                return drop(connection)  // the head is sent: cutting the stream is all that is left
            }
            switch connection.writeSide.pullEvent() {
            case .noStream:
                return perform(connection.machine.outputDrained(now: now), connection, now: now)
            case .queued:
                continue
            case .finished:
                _ = connection.machine.eventStreamFinished()
                connection.writeSide.endEvents()
            case .nothing:
                return perform(connection.machine.eventsCaughtUp(), connection, now: now)
            }
        }
    }

    /// Sets the epoll interest to what the state machine wants, when it changed.
    func syncInterest(_ connection: Connection) {
        guard connections[connection.fd] != nil, let wanted = connection.interestChange() else { return }
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
        connection.readSide.cancelSink()
        connection.writeSide.closeEvents()
        connection.machine.closed()
        unwatch(connection.fd)
        System.close(connection.fd)
    }
}
