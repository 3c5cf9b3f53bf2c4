/// One client connection's state on its event loop: the parser, bytes not yet
/// parsed, the request being read, and the bytes not yet sent.
final class Connection {
    /// A request whose body is being read.
    struct InFlight {
        var head: RequestHead
        var match: Router.Match
        var body: [UInt8] = []
        var sink: (any RequestBodySink)?
        var received = 0
        /// Start (ms) of the body's current rate window, and `received` then.
        var rateWindowStart: UInt64
        var receivedAtWindowStart = 0
    }

    let fd: Int32
    /// Unique for the process: a task posted for a connection that has closed
    /// must not reach a new connection that got the same descriptor.
    let serial: UInt64
    var parser: RequestParser
    /// Received bytes the parser has not consumed yet (usually empty: a request
    /// that arrives whole is parsed straight from the loop's read buffer).
    var pending: [UInt8] = []
    /// Bytes to send, from `sent` on.
    var output: [UInt8] = []
    var sent = 0
    /// A response body still being produced.
    var stream: (any ResponseBodySource)?
    var current: InFlight?
    /// Close once `output` is sent; read nothing more.
    var closeAfterWrite = false
    /// Reading stopped until the client reads what is queued.
    var pausedForOutput = false
    /// EPOLLOUT is registered.
    var watchingWrites = false
    /// The route handling the current request (for the observer), and when its head arrived (ns).
    var route = "unmatched"
    /// That route's own header lines, added to each of its responses.
    var routeLines: [UInt8] = []
    var requestStartedAt: UInt64 = 0
    /// When the first byte of the request head being read arrived (ms), or nil.
    var headStartedAt: UInt64?
    /// When the server half-closed the connection after its last response (ms).
    var lingeringSince: UInt64?
    /// Last time bytes came in or went out (ms).
    var lastActivity: UInt64

    /// A streaming sink asked to stop reading until it catches up.
    var pausedForBody = false
    /// The body is complete and its sink will answer later.
    var awaitingResponse = false
    /// The sink's body is complete (so a drop no longer cancels it).
    var bodyComplete = false

    init(fd: Int32, serial: UInt64, limits: RequestParser.Limits, now: UInt64) {
        self.fd = fd
        self.serial = serial
        self.parser = RequestParser(limits: limits)
        self.lastActivity = now
    }

    /// Bytes queued and not yet sent.
    var unsent: Int { output.count - sent }

    /// True when nothing is being read or written: the connection may be closed
    /// without cutting a request short.
    var isIdle: Bool {
        current == nil && !parser.isInsideRequest && pending.isEmpty && unsent == 0 && stream == nil
            && !awaitingResponse
    }

    /// Reading is stopped for now (by backpressure of either direction, or an answer pending).
    var readingHeld: Bool { pausedForOutput || pausedForBody || awaitingResponse }

    /// A request body is being read now: one is in flight and reading is not held.
    var isReadingBody: Bool { current != nil && !readingHeld }

    /// Starts the body's rate window afresh at `now` (time the server held reading
    /// was the server's, not the client's).
    func restartBodyRate(now: UInt64) {
        guard var flight = current else { return }
        flight.rateWindowStart = now
        flight.receivedAtWindowStart = flight.received
        current = flight
    }

    /// True when the body being read fell below `rate` bytes/s over a whole window
    /// of `window` ms; a window that kept up starts the next one.
    func bodyTooSlow(now: UInt64, rate: Int, window: UInt64) -> Bool {
        guard rate > 0, isReadingBody, let flight = current, now > flight.rateWindowStart,
            now - flight.rateWindowStart >= window
        else { return false }
        let elapsed = now - flight.rateWindowStart
        if Double(flight.received - flight.receivedAtWindowStart) < Double(rate) * Double(elapsed) / 1000 {
            return true
        }
        restartBodyRate(now: now)
        return false
    }
}
