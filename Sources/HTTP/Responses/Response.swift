import Codecs

/// A response to send: status, header fields and a body.
///
/// `Content-Length` (or chunked framing for a stream), `Date`, `Server` and
/// `Connection` are added when the response is written; handlers set the rest.
public struct Response {
    /// The status code.
    public var status: Int
    /// Header fields the handler chose (Content-Type, ETag, Cache-Control...).
    public var headers: HTTPHeaders
    /// The body.
    public var body: ResponseBody
    /// True when the handler chose the body's content coding itself (static files
    /// keep each coding made ahead, with its own ETag and `Vary`): the writer sends
    /// the body as it is. Else the writer picks the coding by `Accept-Encoding`.
    public var codingChosen = false
    /// Until when (monotonic nanoseconds) the same answer, byte for byte but for its
    /// Date, may be given to a request whose head is the same bytes, without asking
    /// the handler (`ReusableAnswers`): set only by a handler whose answer depends on
    /// nothing but those bytes until then (not the client, not the time), as static
    /// files' do until their copy is checked against the disk. Nil: asked each time.
    public var reusableUntil: UInt64?

    /// A response with `status`, `headers` and a body of `bytes`.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    /// A response whose body is pulled from `source` as the client reads it (chunked).
    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), stream source: any ResponseBodySource
    ) {
        self.status = status
        self.headers = headers
        self.body = .stream(source)
    }

    /// A response whose body is `events`, open until the stream ends (chunked,
    /// never compressed: each event must reach the client as it is sent).
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), events: EventStream) {
        self.status = status
        self.headers = headers
        self.body = .events(events)
    }

    /// A JSON response.
    public static func json(_ bytes: [UInt8], status: Int = 200) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], body: bytes)
    }

    /// A plain text response.
    public static func text(_ text: String, status: Int = 200) -> Response {
        Response(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// The error answer `error` names (`HTTPErrorConvertible`, `HTTPError`), else `otherwise`'s:
    /// for work answered off the loop, where no responder catches what it throws.
    public static func error(_ error: any Error, otherwise: (any Error) -> HTTPError) -> Response {
        if let known = (error as? any HTTPErrorConvertible)?.httpError { return .error(known) }
        if let known = error as? HTTPError { return .error(known) }
        return .error(otherwise(error))
    }

    /// The contract's JSON error body for `error` (`error`, `message`, and `field` when the
    /// error names one), with its status.
    public static func error(_ error: HTTPError) -> Response {
        var json = JSONWriter()
        json.object {
            $0.field("error", error.code)
            $0.field("message", error.message)
            if let field = error.field { $0.field("field", field) }
        }
        var response = Response.json(json.bytes, status: error.status)
        if let challenge = error.challenge { response.headers.add("WWW-Authenticate", challenge) }
        if let seconds = error.retryAfter { response.headers.add("Retry-After", String(seconds)) }
        return response
    }
}

/// The bytes of a response body.
public enum ResponseBody {
    /// All of it, known now.
    case bytes([UInt8])
    /// Pulled piece by piece as the socket drains, sent chunked.
    case stream(any ResponseBodySource)
    /// Server-sent events pushed by the application until the stream ends
    /// (chunked; to an HTTP/1.0 client, delimited by the connection's close).
    case events(EventStream)
}

/// A body produced piece by piece, so that a large response is never held whole
/// and a slow reader never makes the server buffer more than a few pieces.
public protocol ResponseBodySource: AnyObject {
    /// The next piece (empty pieces are skipped), or nil at the end.
    func next() throws -> [UInt8]?
}
