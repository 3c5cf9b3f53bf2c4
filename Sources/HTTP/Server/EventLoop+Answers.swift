#if canImport(Glibc)
    import Glibc
#endif

/// Answers given again (`ReusableAnswers`): kept as the writer wrote them, found by
/// the bytes of the next request's head.
extension EventLoop {
    /// Queues the answer kept for the request `input` begins with, if there is one and
    /// the connection stays open after it, moving the state machine as a request
    /// answered by its handler does; returns the bytes of the head it answered.
    func answerAgain(_ connection: Connection, _ input: UnsafeRawBufferPointer, now: UInt64) -> Int? {
        guard configuration.requestTrace == nil, !connection.machine.closesAfterResponse(keepAlive: true),
            let (answer, consumed) = answers.find(input, now: batch.readyAt)
        else { return nil }
        connection.readSide.answeredAgain(route: answer.route, at: batch.readyAt)
        _ = connection.machine.headReceived(
            target: .buffer, limit: 0, length: nil, expectsContinue: false, now: now)
        _ = connection.machine.requestEnded(now: now)
        connection.writeSide.queueAgain(answer, date: writer.dateLine)
        router.observer?(answer.route, answer.status, 0)
        _ = connection.machine.responseQueued(
            unsent: connection.writeSide.unsent, streaming: false, close: false)
        return consumed
    }

    /// Keeps `response`, which the writer just queued into `written` of the connection's
    /// write side as the answer to `head` (received as `headBytes`), when it may be given
    /// again: a GET or HEAD with no body that keeps the connection open, answered with
    /// bytes, and no request trace being written (a kept answer is not traced).
    func keepAnswer(
        _ response: Response, to head: RequestHead, _ headBytes: UnsafeRawBufferPointer, written: Range<Int>,
        on connection: Connection
    ) {
        guard let until = response.reusableUntil, configuration.requestTrace == nil,
            head.method == "GET" || head.method == "HEAD", head.framing == .none, head.keepAlive,
            case .bytes(let body) = response.body
        else { return }
        let date = writer.dateLine
        let route = connection.readSide.route
        let answer: ReusableAnswers.Answer? = connection.writeSide.withQueuedBytes(in: written) { bytes in
            guard let headLength = ReusableAnswers.headLength(bytes, limit: bytes.count),
                date.count == ReusableAnswers.dateLength,
                let dateAt = ReusableAnswers.offset(
                    of: date, in: UnsafeRawBufferPointer(rebasing: bytes[0..<headLength]))
            else { return nil }
            let sent = UnsafeRawBufferPointer(rebasing: bytes[headLength...])
            let same =
                sent.count == body.count
                && body.withUnsafeBytes { body in
                    sent.isEmpty || memcmp(body.baseAddress!, sent.baseAddress!, sent.count) == 0
                }
            return ReusableAnswers.Answer(
                request: Array(headBytes), head: Array(bytes[0..<headLength]), dateAt: dateAt,
                body: same ? body : Array(sent), sendsBody: !sent.isEmpty, until: until,
                route: route, status: response.status)
        }
        if let answer { answers.keep(answer) }
    }
}
