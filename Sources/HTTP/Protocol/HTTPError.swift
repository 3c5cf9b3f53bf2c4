/// A request the server refuses, with the status and the JSON error body of the contract.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The response status (400, 413, 414, 431, 501, 505...).
    public let status: Int
    /// The contract's short code, e.g. `bad_request`.
    public let code: String
    /// What was wrong and how to fix it.
    public let message: String
    /// For a 401: the authentication scheme the client must use, sent as
    /// `WWW-Authenticate` (RFC 9110 11.6.1 requires one on every 401).
    public let challenge: String?
    /// The field of the request's body that was wrong, sent as `field` beside
    /// `error` and `message` (nil: the body has no `field` key).
    public let field: String?
    /// For a 429 or 503: the seconds after which the client may try again, sent
    /// as `Retry-After` (RFC 9110 10.2.3).
    public let retryAfter: Int?

    /// An error answered with `status`, naming the body's `field` when one was wrong.
    public init(_ status: Int, _ code: String, _ message: String, field: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.challenge = nil
        self.field = field
        self.retryAfter = nil
    }

    /// 401: the request lacks valid credentials for `scheme` (e.g. `Bearer`).
    public static func unauthorized(scheme: String, _ message: String) -> HTTPError {
        HTTPError(401, "unauthorized", message, challenge: scheme, retryAfter: nil)
    }

    /// 429 `too_many_requests`: the client may try again in `seconds` (at least 1).
    public static func tooManyRequests(retryAfter seconds: Int, _ message: String) -> HTTPError {
        HTTPError(429, "too_many_requests", message, challenge: nil, retryAfter: max(1, seconds))
    }

    private init(_ status: Int, _ code: String, _ message: String, challenge: String?, retryAfter: Int?) {
        self.status = status
        self.code = code
        self.message = message
        self.challenge = challenge
        self.field = nil
        self.retryAfter = retryAfter
    }

    /// 400 with `message`.
    public static func badRequest(_ message: String) -> HTTPError {
        HTTPError(400, "bad_request", message)
    }

    /// The status, code, field (if any) and message.
    public var description: String {
        if let field { return "\(status) \(code) (\(field)): \(message)" }
        return "\(status) \(code): \(message)"
    }
}

/// An error from outside HTTP that has an answer of its own (a database that is
/// down is a 503, not a 500): the server sends `httpError` when it is not nil.
public protocol HTTPErrorConvertible: Error {
    /// The answer this error gets, or nil for the generic 500.
    var httpError: HTTPError? { get }
}
