/// A connection's request side as a value: the received bytes the parser has not
/// consumed, the parser, when the request being read was sent (`Request.sentBy`),
/// and that request itself (its head, route, body or sink, and its trace entry)
/// until it is handed to its handler or sink. It makes no system call and reads no
/// clock: the loop passes the times in, so pipelining and split requests are
/// tested without a socket.
///
/// Every mutation goes through a method here; none calls back into the loop, so
/// the loop may hold the value for the duration of one call.
struct ReadSide {
    private var parser: RequestParser
    /// Received bytes the parser has not consumed yet (usually empty: a request
    /// that arrives whole is parsed straight from the loop's read buffer).
    private var buffered: [UInt8] = []
    /// When the latest read of the socket returned (ns), and when the request that
    /// begins with its first byte had been sent by, if one does.
    private var receivedAt: UInt64 = 0
    private var nextSentBy: UInt64?
    /// When the client had sent the request being read (`Request.sentBy`).
    private(set) var requestSentBy: UInt64 = 0
    /// When the latest request's head arrived (ns).
    private(set) var requestStartedAt: UInt64 = 0
    /// The route of the latest request (for the observer), and that route's own header lines.
    private(set) var route = "unmatched"
    private(set) var routeLines: [UInt8] = []
    /// The request whose body is being read (nil between requests, and once its
    /// end is read), its route, and where its body goes.
    private(set) var head: RequestHead?
    private var match: Router.Match?
    private var body: [UInt8] = []
    /// The sink of a streamed body until its end (then the sink owns the request).
    private(set) var sink: (any RequestBodySink)?
    /// With `--trace-requests`: the request read so far.
    private var traced: RequestTrace.Entry?

    init(limits: RequestParser.Limits) {
        parser = RequestParser(limits: limits)
    }

    // MARK: - Received bytes

    /// Whether received bytes wait for the parser.
    var hasBuffered: Bool { !buffered.isEmpty }

    /// A read returned at `now` (ns). When the connection was `idle` with nothing
    /// buffered, the read's first byte begins a request, sent by `readyAt` (when epoll
    /// reported the socket); any other request read now was sent by `now`.
    mutating func bytesArrived(at now: UInt64, readyAt: UInt64, idle: Bool) {
        receivedAt = now
        nextSentBy = idle && buffered.isEmpty ? readyAt : nil
    }

    /// Keeps the bytes the parser left of a read parsed in place.
    mutating func keep(_ unparsed: UnsafeRawBufferPointer) {
        buffered.append(contentsOf: unparsed)
    }

    /// Moves the buffered bytes out, with `bytes` after them, for the parser to
    /// read while this value changes; `restore` puts back what it left.
    mutating func takeBuffered(appending bytes: UnsafeRawBufferPointer) -> [UInt8] {
        buffered.append(contentsOf: bytes)
        var taken: [UInt8] = []
        swap(&taken, &buffered)
        return taken
    }

    /// Puts back what the parser left of `taken` past `consumed` (reusing its
    /// storage), or nothing when `keep` is false or it took everything.
    mutating func restore(_ taken: inout [UInt8], consumed: Int, keep: Bool) {
        guard keep, consumed < taken.count else { return }
        taken.removeSubrange(0..<consumed)
        swap(&taken, &buffered)
    }

    // MARK: - Parsing

    /// Whether the parser waits for a request's first byte.
    var isAtRequestStart: Bool { parser.isAtRequestStart }

    /// Parses from the start of `input` (`RequestParser.next`).
    mutating func parse(_ input: UnsafeRawBufferPointer) throws(HTTPError) -> (
        event: RequestParser.Event?, consumed: Int
    ) {
        try parser.next(input)
    }

    // MARK: - The request being read

    /// A head arrived at `now` (ns): the request it begins is timed and not routed yet.
    mutating func headArrived(at now: UInt64) {
        requestStartedAt = now
        requestSentBy = nextSentBy ?? receivedAt
        nextSentBy = nil
        route = "unmatched"
        routeLines = []
    }

    /// The head was routed to `match`.
    mutating func routed(_ match: Router.Match) {
        route = match.pattern
        routeLines = match.headerLines
    }

    /// The head's body is read next (for its handler, or to the sink `streamBody(to:)` gives).
    mutating func expectBody(of head: RequestHead, for match: Router.Match) {
        self.head = head
        self.match = match
    }

    /// The body goes to `sink` piece by piece.
    mutating func streamBody(to sink: any RequestBodySink) {
        self.sink = sink
    }

    /// A piece of a buffered body arrived.
    mutating func appendBody(_ chunk: UnsafeRawBufferPointer) {
        body.append(contentsOf: chunk)
    }

    /// The request's end was read: its head and route, handed over (nil when it was
    /// answered at its head).
    mutating func takeRequest() -> (head: RequestHead, match: Router.Match)? {
        guard let head, let match else { return nil }
        self.head = nil
        self.match = nil
        return (head, match)
    }

    /// The buffered body, handed to the handler.
    mutating func takeBody() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &body)
        return taken
    }

    /// The sink of a complete body, handed over: a close from now on must not cancel it.
    mutating func takeSink() -> (any RequestBodySink)? {
        defer { sink = nil }
        return sink
    }

    /// Tells the sink of a body cut short to undo; a complete body's sink is no longer held.
    mutating func cancelSink() {
        sink?.cancel()
        sink = nil
    }

    /// A kept answer (`ReusableAnswers`) answered a request whose head arrived at `now`.
    mutating func answeredAgain(route: String, at now: UInt64) {
        requestStartedAt = now
        self.route = route
    }

    // MARK: - Trace

    /// Whether a request's trace entry is open.
    var isTracing: Bool { traced != nil }

    /// Opens the trace entry of the request `head` begins.
    mutating func startTrace(_ head: RequestHead) {
        traced = RequestTrace.Entry(method: head.method, target: head.target)
    }

    /// Counts `count` body bytes into the open trace entry.
    mutating func traceBody(_ count: Int) {
        traced?.body += count
    }

    /// Closes the trace entry, if one is open.
    mutating func endTrace() -> RequestTrace.Entry? {
        defer { traced = nil }
        return traced
    }
}
