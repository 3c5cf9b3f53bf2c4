/// A connection's response side as a value: the bytes queued to send and how far
/// the socket has taken them, the streamed body or event stream still producing
/// more, and whether a flush is queued for the end of the loop's batch. It makes
/// no system call: the loop hands `unsentBytes` to `send` and reports back with
/// `sent(_:)`, so partial writes and the order of queued answers are tested
/// without a socket (swift-nio's `PendingWritesManager` is the model).
///
/// Every mutation goes through a method here; none calls back into the loop, so
/// the loop may hold the value for the duration of one call.
struct WriteSide {
    /// Bytes to send, from `sent` on.
    private var output: [UInt8] = []
    private var sent = 0
    /// Queued to be flushed once its loop has handled the rest of its events (`EventBatch`).
    private var flushQueued = false
    /// A response body still being produced.
    private var stream: (any ResponseBodySource)?
    /// The event stream being sent, and whether its events go in chunks.
    private(set) var events: EventStream?
    private var eventsChunked = true

    /// An output buffer larger than this is let go once drained, so that one large
    /// answer does not pin its memory to an idle connection.
    static let keptCapacity = 64 * 1024

    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Bytes queued and not yet sent.
    var unsent: Int { output.count - sent }

    /// Bytes queued in all, sent or not (where the next answer will start).
    var queuedCount: Int { output.count }

    /// Whether a streamed body is still producing.
    var isStreaming: Bool { stream != nil }

    /// The capacity of the output buffer (how much an idle connection keeps).
    var capacity: Int { output.capacity }

    // MARK: - Queueing

    /// Queues `response` to `head` as `writer` serializes it; returns what of its body
    /// is still to be produced and where its bytes landed in the output.
    mutating func queue(
        _ response: Response, head: RequestHead?, routeLines: [UInt8], close: Bool, by writer: ResponseWriter
    ) -> (rest: ResponseBody?, written: Range<Int>) {
        let start = output.count
        let rest = writer.write(response, head: head, routeLines: routeLines, close: close, into: &output)
        return (rest, start..<output.count)
    }

    /// Queues the interim answer to `Expect: 100-continue`.
    mutating func queueContinue() {
        output.append(contentsOf: Self.continueLine)
    }

    /// Queues a kept answer again (`ReusableAnswers`): its head with `date` written
    /// over its Date line (when `date` is a whole one), then its body if it sends one.
    mutating func queueAgain(_ answer: ReusableAnswers.Answer, date: [UInt8]) {
        let start = output.count
        output.append(contentsOf: answer.head)
        if date.count == ReusableAnswers.dateLength {
            output.withUnsafeMutableBytes { output in
                date.withUnsafeBytes { date in
                    (output.baseAddress! + start + answer.dateAt).copyMemory(
                        from: date.baseAddress!, byteCount: ReusableAnswers.dateLength)
                }
            }
        }
        if answer.sendsBody { output.append(contentsOf: answer.body) }
    }

    /// Runs `body` over the queued bytes in `range` (an answer just queued).
    func withQueuedBytes<Result>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        output.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    // MARK: - Sending

    /// Runs `body` over the bytes not sent yet (empty when none are).
    func withUnsentBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try output.withUnsafeBytes { bytes in
            try body(UnsafeRawBufferPointer(rebasing: bytes[sent...]))
        }
    }

    /// The socket took `count` more bytes.
    mutating func sent(_ count: Int) {
        sent += count
    }

    /// Everything queued is sent: the buffer starts over (let go when it grew large).
    mutating func drained() {
        if output.capacity > Self.keptCapacity {
            output = []
        } else {
            output.removeAll(keepingCapacity: true)
        }
        sent = 0
    }

    // MARK: - Streamed bodies

    /// A streamed body's head is queued: its pieces follow as the socket drains.
    mutating func startStream(_ source: any ResponseBodySource) {
        stream = source
    }

    /// Queues the streamed body's next piece as a chunk (the last chunk at its end,
    /// when the stream is let go); an empty piece queues nothing. False when no
    /// stream is producing.
    /// - Throws: what the source throws (the stream is kept: the connection is dropped).
    mutating func pullStream() throws -> Bool {
        guard let stream else { return false }
        let chunk = try stream.next()
        if chunk?.isEmpty == true { return true }
        ResponseWriter.chunk(chunk, into: &output)
        if chunk == nil { self.stream = nil }
        return true
    }

    // MARK: - Event streams

    /// What pulling from an event stream gave.
    enum EventPull: Equatable {
        /// No event stream is open.
        case noStream
        /// An event was queued.
        case queued
        /// The application finished the stream (`endEvents` is next).
        case finished
        /// Nothing for now.
        case nothing
    }

    /// An event stream's head is queued; its events follow, chunked or as they are
    /// (to an HTTP/1.0 client).
    mutating func startEvents(_ events: EventStream, chunked: Bool) {
        self.events = events
        eventsChunked = chunked
    }

    /// Queues one event's bytes (a chunk, or as they are to an HTTP/1.0 client).
    mutating func queueEvent(_ bytes: [UInt8]) {
        if eventsChunked {
            ResponseWriter.chunk(bytes, into: &output)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    /// Takes the event stream's next event into the output, if it has one.
    mutating func pullEvent() -> EventPull {
        guard let events else { return .noStream }
        switch events.next() {
        case .event(let bytes):
            queueEvent(bytes)
            return .queued
        case .finished:
            return .finished
        case .nothing:
            return .nothing
        }
    }

    /// The stream is over: its source is let go and the last chunk queued (an
    /// HTTP/1.0 client's stream ends with the connection's close).
    mutating func endEvents() {
        guard let events else { return }
        self.events = nil
        events.close()
        if eventsChunked { ResponseWriter.chunk(nil, into: &output) }
    }

    /// The connection closes: the event stream, if any, is let go without a last chunk.
    mutating func closeEvents() {
        events?.close()
        events = nil
    }

    // MARK: - Batched flushes

    /// Marks a flush as queued for the batch's end; false when one already was.
    mutating func queueFlush() -> Bool {
        guard !flushQueued else { return false }
        flushQueued = true
        return true
    }

    /// The batch's flush of this connection is under way.
    mutating func flushDequeued() {
        flushQueued = false
    }
}
