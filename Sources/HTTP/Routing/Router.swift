/// Receives the body of a streamed request piece by piece on the connection's
/// thread, then answers. Used by routes whose bodies may be too large to hold,
/// or too slow to handle on the event loop (the sink may hand work to its own
/// thread and answer later).
public protocol RequestBodySink: AnyObject {
    /// The next piece of the body. Return false to stop reading this connection
    /// until `flow.resume()` is called (backpressure).
    func write(_ chunk: UnsafeRawBufferPointer) throws -> Bool
    /// The body is complete: answer through `respond`, now or later, from any thread.
    func finish(_ respond: @escaping @Sendable (SendableResponse) -> Void) throws
    /// The request ended without a complete body (the client went away): undo.
    func cancel()
}

/// Lets a body sink resume a paused connection, from any thread.
public struct BodyFlow: Sendable {
    let resumeReading: @Sendable () -> Void

    /// Starts reading the connection's body again.
    public func resume() { resumeReading() }
}

/// A response handed across threads. Only bodies of bytes cross; the wrapper
/// is the handover point.
public struct SendableResponse: @unchecked Sendable {
    /// The response.
    public let response: Response

    /// Wraps `response`.
    public init(_ response: Response) { self.response = response }
}

/// What the server does with a route's request body.
public enum BodyHandling {
    /// Requests must not have a body beyond `limit` bytes; the body is buffered whole.
    case buffered(limit: Int)
    /// The body goes to a sink made per request (given the connection's flow
    /// control), up to `limit` bytes.
    case streamed(limit: Int, sink: (Request, BodyFlow) throws -> any RequestBodySink)
    /// No body; `answer` is called with the request and answers through `respond`, now or
    /// later, from any thread: work too slow for the event loop (a thumbnail) goes elsewhere
    /// and the loop serves other connections meanwhile.
    case deferred(answer: (Request, @escaping @Sendable (SendableResponse) -> Void) throws -> Void)

    var limit: Int {
        switch self {
        case .buffered(let limit), .streamed(let limit, _): limit
        case .deferred: 0
        }
    }
}

/// Method + path routing with `{name}` parameters. A path that matches no route
/// goes to the fallback (static files) for GET and HEAD, else 404; a path that
/// matches a route but not its method gets 405 with `Allow`.
///
/// One router per event loop: handlers run on that loop's thread, so they may use
/// per-thread resources (a database connection) without locks.
public final class Router {
    /// A route's handler: a request in, a response out.
    public typealias Handler = (Request) throws -> Response

    /// A matched route, ready to run.
    public struct Match {
        /// The route's pattern (`/contacts/{id}`), `static` for the fallback: a label for metrics.
        public let pattern: String
        /// Path parameters.
        public let parameters: [String: String]
        /// How to read the body.
        public let body: BodyHandling
        /// The handler, for buffered bodies.
        public let handler: Handler
        /// The route's own header lines (`Name: value\r\n`), serialized once.
        let headerLines: [UInt8]
    }

    struct Route {
        var method: String
        var text: String
        var pattern: [PatternSegment]
        var body: BodyHandling
        var handler: Handler
        var headerLines: [UInt8]
    }

    enum PatternSegment {
        case literal(String)
        /// `prefix{name}suffix` within one segment.
        case parameter(name: String, prefix: String, suffix: String)
    }

    private var routes: [Route] = []
    /// Per route, in the same order: its segment count and its first segment when that
    /// is a literal, so that a path passes over the routes it cannot match without
    /// copying them (a route's copy retains and releases each of its fields).
    private var shapes: [(count: Int, first: String?)] = []
    /// Answers GET and HEAD requests that match no route (static files).
    public var fallback: Handler?
    /// Tells whether the fallback has something at a path (a file there): another
    /// method at such a path gets 405 with `Allow: GET, HEAD`, not 404.
    public var fallbackServes: ((Substring) -> Bool)?
    /// Called on the loop's thread about four times a second, for housekeeping.
    public var onTick: (() -> Void)?
    /// Told of every response: the route's pattern (`static`, or `unmatched` when no
    /// route took the request), the status, and the seconds from head to response.
    public var observer: ((_ route: String, _ status: Int, _ seconds: Double) -> Void)?

    /// An empty router.
    public init() {}

    /// Every route's method and pattern, in the order they were added; the fallback
    /// is none of them. For what must list the routes, such as a check that the API's
    /// description names each one.
    public var registeredRoutes: [(method: String, pattern: String)] {
        routes.map { (method: $0.method, pattern: $0.text) }
    }

    /// Adds a route: `method` and a pattern like `/contacts/{id}` or `/avatar/{id}.svg`.
    /// `headers` go on every response of the route once it has matched, refusals
    /// and late answers included (a `Vary` naming what the route decides by).
    public func add(
        _ method: String, _ pattern: String, body: BodyHandling = .buffered(limit: 0),
        headers: [(name: String, value: String)] = [], _ handler: @escaping Handler
    ) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            segment -> PatternSegment in
            guard let open = segment.firstIndex(of: "{"), let close = segment.firstIndex(of: "}") else {
                return .literal(String(segment))
            }
            return .parameter(
                name: String(segment[segment.index(after: open)..<close]), prefix: String(segment[..<open]),
                suffix: String(segment[segment.index(after: close)...]))
        }
        let headerLines = headers.reduce(into: [UInt8]()) { lines, field in
            lines.append(contentsOf: "\(field.name): \(field.value)\r\n".utf8)
        }
        routes.append(
            Route(
                method: method, text: pattern, pattern: segments, body: body, handler: handler,
                headerLines: headerLines))
        if case .literal(let first)? = segments.first {
            shapes.append((segments.count, first))
        } else {
            shapes.append((segments.count, nil))
        }
    }

    /// Takes `other`'s routes, fallback, tick and observer in place of its own: the
    /// loop that routes with this router routes with `other`'s table from its next
    /// request on (a request already routed keeps the handler it matched). Call it on
    /// the router's own loop (`Server.reroute`).
    public func adopt(_ other: Router) {
        routes = other.routes
        shapes = other.shapes
        fallback = other.fallback
        fallbackServes = other.fallbackServes
        onTick = other.onTick
        observer = other.observer
    }

    /// Adds a GET route (HEAD is answered by it too, without the body).
    public func get(_ pattern: String, _ handler: @escaping Handler) {
        add("GET", pattern, handler)
    }

    /// The route for `method` and percent-encoded `path`.
    /// - Throws: `HTTPError` 404 (no such path), 405 (with the allowed methods in
    ///   the message; `allowedMethods` gives them for the `Allow` header).
    public func match(method: String, path: Substring) throws(HTTPError) -> Match {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        var allowed: [String] = []
        // A path that routes with more literal segments match is theirs alone: PATCH
        // /contacts/bulk is 405, not PATCH /contacts/{id} with the id "bulk".
        var candidates: [(route: Route, parameters: [String: String])] = []
        var mostLiterals = 0
        for index in shapes.indices {
            let shape = shapes[index]
            guard shape.count == segments.count, shape.first == nil || shape.first == segments.first else {
                continue
            }
            let route = routes[index]
            guard let parameters = Self.match(route.pattern, segments) else { continue }
            let literals = Self.literals(route.pattern)
            if literals > mostLiterals {
                mostLiterals = literals
                candidates.removeAll()
            }
            if literals == mostLiterals { candidates.append((route, parameters)) }
        }
        for (route, parameters) in candidates {
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return Match(
                    pattern: route.text, parameters: parameters, body: route.body, handler: route.handler,
                    headerLines: route.headerLines)
            }
            allowed.append(route.method)
        }
        if !allowed.isEmpty {
            if allowed.contains("GET") { allowed.append("HEAD") }
            throw HTTPError(
                405, "method_not_allowed",
                "\(method) is not allowed here; use \(allowed.joined(separator: ", "))")
        }
        if let fallback {
            if method == "GET" || method == "HEAD" {
                return Match(
                    pattern: "static", parameters: [:], body: .buffered(limit: 0), handler: fallback,
                    headerLines: [])
            }
            if fallbackServes?(path) == true {
                throw HTTPError(405, "method_not_allowed", "\(method) is not allowed here; use GET, HEAD")
            }
        }
        throw HTTPError(404, "not_found", "nothing is at \(path.prefix(200))")
    }

    /// How many of `pattern`'s segments are literal.
    private static func literals(_ pattern: [PatternSegment]) -> Int {
        pattern.reduce(0) { count, segment in
            if case .literal = segment { count + 1 } else { count }
        }
    }

    /// The methods routes accept at `path` (for `Allow`); GET and HEAD for a
    /// path only the fallback serves.
    public func allowedMethods(path: Substring) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(
            String.init)
        let matching = routes.filter { Self.match($0.pattern, segments) != nil }
        let mostLiterals = matching.map { Self.literals($0.pattern) }.max() ?? 0
        var methods = matching.filter { Self.literals($0.pattern) == mostLiterals }.map(\.method)
        if methods.isEmpty, fallback != nil, fallbackServes?(path) == true { methods = ["GET"] }
        if methods.contains("GET") { methods.append("HEAD") }
        return methods
    }

    private static func match(_ pattern: [PatternSegment], _ segments: [String]) -> [String: String]? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            switch part {
            case .literal(let literal):
                guard literal == segment else { return nil }
            case .parameter(let name, let prefix, let suffix):
                guard segment.count > prefix.count + suffix.count, segment.hasPrefix(prefix),
                    segment.hasSuffix(suffix),
                    let value = PercentDecoding.decode(segment.dropFirst(prefix.count).dropLast(suffix.count))
                else { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }
}
