/// One client connection on its event loop: the socket, its state machine, the
/// parser and the bytes on either side, and the request being read. The state
/// machine decides; this holds what the loop needs to carry its decisions out.
final class Connection {
    let fd: Int32
    /// Unique for the process: a task posted for a connection that has closed
    /// must not reach a new connection that got the same descriptor.
    let serial: UInt64
    /// The peer's address as text (`PeerAddress`), given to every request as `Request.client`.
    let peer: String
    var machine: ConnectionStateMachine
    var parser: RequestParser
    /// Received bytes the parser has not consumed yet (usually empty: a request
    /// that arrives whole is parsed straight from the loop's read buffer).
    var pending: [UInt8] = []
    /// Bytes to send, from `sent` on.
    var output: [UInt8] = []
    var sent = 0
    /// Queued to be flushed once its loop has handled the rest of its events (`EventLoop.deferredFlushes`).
    var flushDeferred = false
    /// A response body still being produced.
    var stream: (any ResponseBodySource)?
    /// The event stream being sent, and whether its events go in chunks.
    var events: EventStream?
    var eventsChunked = true
    /// The epoll interest registered now.
    var registered: UInt32 = ConnectionStateMachine.readInterest

    /// The request whose body is being read (nil between requests, and once its
    /// end is read), its route, and where its body goes.
    var head: RequestHead?
    var match: Router.Match?
    var body: [UInt8] = []
    /// The sink of a streamed body until its end (then the sink owns the request).
    var sink: (any RequestBodySink)?
    /// The route of the latest request (for the observer), and that route's own header lines.
    var route = "unmatched"
    var routeLines: [UInt8] = []
    /// When the latest request's head arrived (ns).
    var requestStartedAt: UInt64 = 0
    /// With `--trace-requests`: the client's address and port, and the request read so far.
    var tracePeer = ""
    var traced: RequestTrace.Entry?
    /// When the latest read of the socket returned (ns), and when the request that
    /// begins with its first byte had been sent by, if one does (`Request.sentBy`).
    var receivedAt: UInt64 = 0
    var nextSentBy: UInt64?
    /// When the client had sent the request being read (`Request.sentBy`).
    var requestSentBy: UInt64 = 0

    init(
        fd: Int32, serial: UInt64, peer: String = "", limits: RequestParser.Limits,
        rules: ConnectionStateMachine.Rules, now: UInt64
    ) {
        self.fd = fd
        self.serial = serial
        self.peer = peer
        self.parser = RequestParser(limits: limits)
        self.machine = ConnectionStateMachine(rules: rules, now: now)
    }

    /// Bytes queued and not yet sent.
    var unsent: Int { output.count - sent }

    /// Tells the sink of a body cut short to undo; a complete body's sink is no longer held.
    func cancelSink() {
        sink?.cancel()
        sink = nil
    }
}
