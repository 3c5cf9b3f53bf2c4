import Platform

/// How a `Server` listens and how long it waits for clients.
public struct ServerConfiguration: Sendable {
    /// Address to bind (IPv4 dotted or `localhost`, or IPv6 like `::1`).
    public var host = "127.0.0.1"
    /// Port; 0 picks a free one (see `Server.port`).
    public var port = 8080
    /// Event loops, each a thread with its own listening socket; default one per
    /// CPU the process may use (`CPUCount.available`: affinity and cgroup quota included).
    public var loops = CPUCount.available
    /// The head of a request must arrive within this many seconds of its first byte (408 after).
    public var headerTimeout = 10.0
    /// An idle keep-alive connection is closed after this many seconds.
    public var idleTimeout = 60.0
    /// A request body that makes no progress for this many seconds is cut (408).
    public var bodyTimeout = 30.0
    /// A request body must arrive at this many bytes per second or more, counted
    /// over each `bodyRateWindow` while the server is reading it (408 otherwise;
    /// 0 turns the check off). A trickle of a few bytes now and then never
    /// stalls long enough for `bodyTimeout`, but would hold the route for ever.
    public var minimumBodyRate = 1024
    /// Seconds over which `minimumBodyRate` is measured.
    public var bodyRateWindow = 10.0
    /// On SIGINT/SIGTERM, requests in flight get this many seconds to finish.
    public var shutdownGrace = 5.0
    /// Parser limits (request line, header section).
    public var limits = RequestParser.Limits()
    /// Open connections at most (across loops); past it, new ones are accepted
    /// and closed at once, so clients see a clean close rather than a hang.
    public var maxConnections = 10_000
    /// Header fields added to every response (security headers, for example),
    /// unless the response sets the same field itself.
    public var defaultHeaders: [(name: String, value: String)] = []
    /// Output buffered per connection beyond which the server stops reading its
    /// requests until the client has read the earlier responses.
    public var outputHighWater = 1 << 20
    /// An event stream (server-sent events) that has sent nothing for this many
    /// seconds gets a comment line, so that proxies do not close it as idle.
    public var eventHeartbeat = 15.0

    /// Where every parsed request is written as a JSON line (`--trace-requests`), or nil.
    public var requestTrace: RequestTrace?

    /// The clock timeouts and latencies are measured with.
    public var clock = MonotonicClock.system
    /// Where failures no client can be told of are written.
    public var logger = Logger.standardError

    /// The defaults.
    public init() {}
}
