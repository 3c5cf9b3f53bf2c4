/// What one connection is doing and what it may do next, as a pure value: the
/// event loop feeds it events (bytes read, parser results, output drained, a
/// sink's answer, a tick of the clock) and carries out the `Action` each
/// returns. It owns no socket, reads no clock (time comes in as `now`, in
/// milliseconds) and starts no thread, so every timeout, limit and
/// backpressure rule is tested by feeding events (hummingbird's
/// `HTTPConnectionStateHandler` is the model).
///
/// Reading and writing overlap (a response is sent while the next pipelined
/// request is read), so the value holds both: `state` for the request side and
/// `output` for the response side, and `held` for why reading is paused. The
/// epoll interest is derived from them (`wantsRead`, `wantsWrite`), never kept
/// beside them.
///
/// Except behind a streamed response: its body is produced as the socket
/// drains, so an answer queued meanwhile would land among its chunks. Responses
/// go in request order (RFC 9112 9.3.2), so the next request is not parsed
/// (`Hold.stream`) until the stream's last chunk is sent; bytes already
/// buffered are parsed when reading resumes.
///
/// Resuming reading always re-runs the parser, even with no bytes buffered: a
/// body's last piece can pause reading (its sink is full) before the parser has
/// reported the request's end, and that end needs no new byte.
struct ConnectionStateMachine {
    /// The request side.
    enum State: Equatable {
        /// Between requests; nothing of the next one has arrived.
        case idle(since: UInt64)
        /// Part of a request head has arrived, starting at `startedAt`.
        case readingHead(startedAt: UInt64)
        /// A head is in; its body is being read (possibly empty).
        case readingBody(Body)
        /// The body is complete; a sink answers later, maybe from another thread.
        /// `peerClosed`: the client half-closed meanwhile; close after the answer.
        case awaitingHandler(peerClosed: Bool)
        /// Nothing more is read; the connection closes once its output is sent.
        case closing
        /// An event stream is being sent: no further request is parsed, what the
        /// client sends is read and dropped, and its close ends the stream. No
        /// timeout applies while the client keeps reading. `output` is `.events`
        /// while the stream is open, `.queued` once it has ended and its last chunk
        /// is on the way; the connection then closes without lingering, since
        /// everything the client sent has been read all along.
        case streamingEvents
        /// Half-closed after the last response; what the client still sends is
        /// read and dropped, for at most `Rules.linger`.
        case lingering(since: UInt64)
        /// Done; the loop has closed (or is closing) the socket.
        case closed
    }

    /// A request body being read.
    struct Body: Equatable {
        /// The route's limit, in bytes.
        var limit: Int
        /// Bytes received so far.
        var received = 0
        /// Who takes the body.
        var target: Target
        /// Last time a byte of it came in (ms).
        var lastActivity: UInt64
        /// Start of the current rate window (ms), and `received` then.
        var windowStart: UInt64
        var receivedAtWindowStart = 0
    }

    /// Who takes a request's body, and so what its end starts.
    enum Target: Equatable {
        /// Buffered whole for the route's handler.
        case buffer
        /// Streamed to a sink, which answers later.
        case sink
        /// Nobody: the request was answered at its head (a routing error).
        case answered
    }

    /// The response side.
    enum Output: Equatable {
        /// Nothing queued.
        case empty
        /// Bytes of whole responses are queued.
        case queued
        /// A response body is being produced piece by piece as the socket drains;
        /// the next request waits until it is sent (`Hold.stream`).
        case streaming
        /// An event stream: open-ended, its events pushed from elsewhere; it never
        /// drains for good, it ends (its source finished, the client left, the
        /// server stopped).
        case events
    }

    /// Why reading is paused; reading resumes when the set is empty.
    struct Hold: OptionSet, Equatable {
        let rawValue: UInt8
        /// The body's sink is full.
        static let sink = Hold(rawValue: 1)
        /// More than `Rules.outputHighWater` bytes wait for the client to read them.
        static let output = Hold(rawValue: 2)
        /// A streamed response is being sent: the next answer must follow its last chunk.
        static let stream = Hold(rawValue: 4)
    }

    /// What the loop does next.
    enum Action: Equatable {
        /// Nothing.
        case none
        /// Run the parser over the buffered bytes.
        case parse
        /// Stop reading (the interest follows `wantsRead`).
        case pauseReading
        /// Read again and parse what is buffered, even nothing: the parser may
        /// still owe the request's end.
        case resumeReading
        /// Queue `100 Continue`.
        case sendContinue
        /// Hand the body piece to the sink or the buffer.
        case deliverBody
        /// The body is complete: run the buffered route's handler.
        case callHandler
        /// The body is complete: tell the sink, which answers later.
        case finishSink
        /// Answer with `error` and close after it; cancel a sink.
        case refuse(HTTPError)
        /// Watch for the socket becoming writable, or stop.
        case watchWrites(Bool)
        /// Half-close and read until the client closes (`lingering`).
        case linger
        /// Close now; cancel a sink whose body is incomplete.
        case close
        /// Send what the event stream has (it woke the loop).
        case sendEvents
        /// Send a comment line on a quiet event stream, so proxies keep it open.
        case sendHeartbeat
        /// End the event stream: let its source go, queue the last chunk, send it;
        /// the connection then closes.
        case endEvents
    }

    /// The limits and timeouts, in milliseconds and bytes.
    struct Rules {
        var headerTimeout: UInt64 = 10_000
        var idleTimeout: UInt64 = 60_000
        var bodyTimeout: UInt64 = 30_000
        var minimumBodyRate = 1024
        var bodyRateWindow: UInt64 = 10_000
        var linger: UInt64 = 2000
        var outputHighWater = 1 << 20
        /// An event stream silent this long gets a comment line.
        var eventHeartbeat: UInt64 = 15_000

        /// The defaults.
        init() {}

        /// The rules of `configuration`.
        init(_ configuration: ServerConfiguration) {
            headerTimeout = UInt64(configuration.headerTimeout * 1000)
            idleTimeout = UInt64(configuration.idleTimeout * 1000)
            bodyTimeout = UInt64(configuration.bodyTimeout * 1000)
            minimumBodyRate = configuration.minimumBodyRate
            bodyRateWindow = UInt64(configuration.bodyRateWindow * 1000)
            outputHighWater = configuration.outputHighWater
            eventHeartbeat = UInt64(configuration.eventHeartbeat * 1000)
        }
    }

    let rules: Rules
    // The fields below change only through the events (in `+Events` and `+Timeouts`).
    var state: State
    var output = Output.empty
    var held: Hold = []
    var watchingWrites = false
    /// Last time bytes came in or went out (ms): the idle clock.
    var lastActivity: UInt64
    /// When the server began stopping (ms), or nil.
    var stoppingSince: UInt64?
    /// How long after `stop` the connection is closed whatever it is doing (ms).
    var shutdownGrace: UInt64 = 0

    /// A connection accepted at `now`.
    init(rules: Rules, now: UInt64) {
        self.rules = rules
        self.state = .idle(since: now)
        self.lastActivity = now
    }

    // MARK: - Derived

    /// The socket should be watched for reading.
    var wantsRead: Bool {
        switch state {
        case .idle, .readingHead, .readingBody: held.isEmpty
        case .lingering, .streamingEvents: true
        case .awaitingHandler, .closing, .closed: false
        }
    }

    /// The socket should be watched for writing.
    var wantsWrite: Bool { watchingWrites && state != .closed }

    /// The parser may be run: a request is being read and reading is not held.
    var mayParse: Bool {
        switch state {
        case .idle, .readingHead, .readingBody: held.isEmpty
        default: false
        }
    }

    /// Nothing is being read or written: closing now cuts no request short.
    var isIdle: Bool {
        if case .idle = state { return output == .empty }
        return false
    }

    /// Whether a response to a request with `keepAlive` should close the connection.
    func closesAfterResponse(keepAlive: Bool) -> Bool {
        !keepAlive || stoppingSince != nil || state == .closing
    }

    /// The epoll interest bits `wantsRead` and `wantsWrite` call for.
    var interest: UInt32 {
        (wantsRead ? Self.readInterest : 0) | (wantsWrite ? Self.writeInterest : 0)
    }

    /// EPOLLIN | EPOLLRDHUP, and EPOLLOUT (Linux's values, which never change;
    /// the state machine does not import the C library).
    static let readInterest: UInt32 = 0x001 | 0x2000
    static let writeInterest: UInt32 = 0x004
}
