import Platform

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// The socket is readable.
    func readable(_ connection: Connection, now: UInt64) {
        guard connection.machine.wantsRead else { return }
        let received: Int
        do {
            let result = try syscall("recv") {
                recv(connection.fd, readBuffer.baseAddress, readBuffer.count, 0)
            }
            guard let count = result else { return }
            received = count
        } catch {
            return drop(connection)
        }
        if connection.machine.state == .streamingEvents {
            // An event stream reads no further request: what the client sends is
            // dropped, and its close ends the stream.
            if received == 0 { perform(connection.machine.peerClosed(), connection, now: now) }
            return
        }
        if case .lingering = connection.machine.state {
            // Closing: what the client still sends is read and dropped, so that closing
            // with unread bytes does not reset the connection before it reads our answer.
            guard received > 0 else { return drop(connection) }
            return perform(connection.machine.bytesReceived(now: now), connection, now: now)
        }
        guard received > 0 else {
            // The client closed its side: what is queued is still sent.
            perform(connection.machine.peerClosed(), connection, now: now)
            if connections[connection.fd] != nil { flush(connection, now: now) }
            return
        }
        // This read's first byte was in the socket when epoll reported it (this loop is its
        // only reader, once per report): a request it begins had been sent by then.
        // Any other request read now had been sent by the time the read returned.
        var idle = false
        if case .idle = connection.machine.state { idle = true }
        connection.readSide.bytesArrived(at: clock.nanoseconds(), readyAt: batch.readyAt, idle: idle)
        _ = connection.machine.bytesReceived(now: now)
        process(connection, UnsafeRawBufferPointer(rebasing: readBuffer[0..<received]), now: now)
    }

    /// Parses `bytes` (after any pending ones), handles what they hold, and sends
    /// what that queued. Called with no bytes to go on with what is pending (or
    /// with an end the parser still owes) once reading resumes.
    func process(_ connection: Connection, _ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if !connection.readSide.hasBuffered {
            let consumed = parse(connection, bytes, now: now)
            if consumed < bytes.count && keepsUnparsed(connection) {
                connection.readSide.keep(UnsafeRawBufferPointer(rebasing: bytes[consumed...]))
            }
        } else {
            var buffered = connection.readSide.takeBuffered(appending: bytes)
            let consumed = buffered.withUnsafeBytes { parse(connection, $0, now: now) }
            connection.readSide.restore(&buffered, consumed: consumed, keep: keepsUnparsed(connection))
        }
        if connection.readSide.hasBuffered { connection.machine.bytesBuffered(now: now) }
        guard connections[connection.fd] != nil else { return }
        if !batch.deferFlush(of: connection) { flush(connection, now: now) }
    }

    /// Whether bytes not parsed yet will be: not when the connection is closing.
    private func keepsUnparsed(_ connection: Connection) -> Bool {
        switch connection.machine.state {
        case .closing, .lingering, .streamingEvents, .closed: false
        default: connections[connection.fd] != nil
        }
    }

    /// Runs the parser over `input` while the state machine lets it; returns the
    /// bytes consumed.
    private func parse(_ connection: Connection, _ input: UnsafeRawBufferPointer, now: UInt64) -> Int {
        var offset = 0
        // Where the request being parsed began in `input`, and its head's bytes once
        // whole, when it began in this input (an answer kept is keyed by them).
        var requestStart: Int?
        var headBytes: Range<Int>?
        while connection.machine.mayParse {
            if connection.readSide.isAtRequestStart {
                if let consumed = answerAgain(
                    connection, UnsafeRawBufferPointer(rebasing: input[offset...]), now: now)
                {
                    offset += consumed
                    continue
                }
                requestStart = offset
            }
            let step: (event: RequestParser.Event?, consumed: Int)
            do {
                step = try connection.readSide.parse(UnsafeRawBufferPointer(rebasing: input[offset...]))
            } catch {
                traceEnd(connection, outcome: "invalid", status: error.status, always: true)
                connection.readSide.cancelSink()
                respond(connection, .error(error), head: nil, close: true)
                break
            }
            guard let event = step.event else {
                offset += step.consumed
                if step.consumed == 0 { break }
                continue
            }
            switch event {
            case .head(let head):
                if configuration.requestTrace != nil { connection.readSide.startTrace(head) }
                headBytes = requestStart.map { $0..<(offset + step.consumed) }
                requestStart = nil
                begin(connection, head, now: now)
            case .body(let range):
                connection.readSide.traceBody(range.count)
                let chunk = UnsafeRawBufferPointer(
                    rebasing: input[(offset + range.lowerBound)..<(offset + range.upperBound)])
                receive(connection, chunk, now: now)
            case .end:
                traceEnd(connection, outcome: "complete")
                finish(
                    connection, now: now,
                    headBytes: headBytes.map { UnsafeRawBufferPointer(rebasing: input[$0]) })
                headBytes = nil
            }
            offset += step.consumed
        }
        return offset
    }

    /// With `--trace-requests`: writes the request being read (or, `always`, a
    /// line for a request whose head could not be read) and forgets it.
    func traceEnd(_ connection: Connection, outcome: String, status: Int? = nil, always: Bool = false) {
        guard let trace = configuration.requestTrace, connection.readSide.isTracing || always else { return }
        trace.record(
            connection: "\(index).\(connection.serial)", peer: connection.tracePeer,
            connection.readSide.endTrace() ?? RequestTrace.Entry(), outcome: outcome, status: status)
    }

    /// A head arrived: route it, and refuse it or get ready for its body.
    private func begin(_ connection: Connection, _ head: RequestHead, now: UInt64) {
        connection.readSide.headArrived(at: clock.nanoseconds())
        let match: Router.Match
        do {
            match = try responder.route(head)
        } catch {
            // Refused before the body: do not read it, close after answering (and, as after
            // any answer, when the request asked to close: RFC 9112 9.6).
            _ = connection.machine.headReceived(
                target: .answered, limit: 0, length: nil, expectsContinue: false, now: now)
            let close =
                head.framing != .none || connection.machine.closesAfterResponse(keepAlive: head.keepAlive)
            return respond(
                connection, responder.errorResponse(error, path: head.path), head: head, close: close)
        }
        connection.readSide.routed(match)
        var length: Int?
        if case .length(let value) = head.framing { length = value }
        var streamed = false
        if case .streamed = match.body, head.framing != .none { streamed = true }
        if case .deferred = match.body { streamed = true }
        let action = connection.machine.headReceived(
            target: streamed ? .sink : .buffer, limit: match.body.limit, length: length,
            expectsContinue: head.expectsContinue, now: now)
        if case .refuse(let error) = action {
            return respond(connection, .error(error), head: head, close: true)
        }
        connection.readSide.expectBody(of: head, for: match)
        if case .deferred(let answer) = match.body {
            connection.readSide.streamBody(
                to: DeferredAnswer(
                    request: Request(head: head, parameters: match.parameters, client: connection.peer),
                    answer: answer))
        }
        if case .streamed(_, let makeSink) = match.body, streamed {
            do {
                let (fd, serial) = (connection.fd, connection.serial)
                let flow = BodyFlow(resumeReading: { [weak self] in
                    self?.post(to: fd, serial: serial) { connection, now in
                        guard let self else { return }
                        self.perform(connection.machine.sinkResumed(now: now), connection, now: now)
                    }
                })
                connection.readSide.streamBody(
                    to: try makeSink(
                        Request(head: head, parameters: match.parameters, client: connection.peer), flow))
            } catch {
                return respond(
                    connection, responder.errorResponse(error, path: head.path), head: head, close: true)
            }
        }
        if action == .sendContinue { connection.writeSide.queueContinue() }
    }

    /// A piece of the body arrived.
    private func receive(_ connection: Connection, _ chunk: UnsafeRawBufferPointer, now: UInt64) {
        let action = connection.machine.bodyReceived(count: chunk.count, now: now)
        guard action == .deliverBody else { return perform(action, connection, now: now) }
        guard let sink = connection.readSide.sink else { return connection.readSide.appendBody(chunk) }
        do {
            if try !sink.write(chunk) { _ = connection.machine.sinkRefused() }
        } catch {
            connection.readSide.cancelSink()
            let head = connection.readSide.head
            respond(
                connection, responder.errorResponse(error, path: head?.path ?? "/"), head: head, close: true)
        }
    }

    /// The request is complete: run its handler, or tell its sink, which answers later.
    /// `headBytes`: its head as received, when whole in the bytes being parsed.
    private func finish(_ connection: Connection, now: UInt64, headBytes: UnsafeRawBufferPointer?) {
        let action = connection.machine.requestEnded(now: now)
        guard let (head, match) = connection.readSide.takeRequest() else { return }
        switch action {
        case .callHandler:
            let body = connection.readSide.takeBody()
            let response = responder.answer(
                Request(
                    head: head, parameters: match.parameters, body: body, client: connection.peer,
                    sentBy: connection.readSide.requestSentBy),
                by: match)
            respond(
                connection, response, head: head,
                close: connection.machine.closesAfterResponse(keepAlive: head.keepAlive), headBytes: headBytes
            )
        case .finishSink:
            guard let sink = connection.readSide.takeSink() else { return }  // a close must not cancel it
            let (fd, serial) = (connection.fd, connection.serial)
            do {
                try sink.finish { [weak self] answer in
                    let box = UncheckedBox(answer.response)
                    self?.post(to: fd, serial: serial) { connection, now in
                        self?.answer(connection, box.value, head: head, now: now)
                    }
                }
            } catch {
                // Answered here, inside the parser's loop, which goes on by itself:
                // resuming through `answer` would parse the same bytes again.
                _ = connection.machine.handlerAnswered(now: now)
                respond(
                    connection, responder.errorResponse(error, path: head.path), head: head,
                    close: connection.machine.closesAfterResponse(keepAlive: head.keepAlive))
            }
        default:
            break
        }
    }
}
