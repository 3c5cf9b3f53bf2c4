/// A request the server refuses, with the status and the JSON error body of API.md.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The response status (400, 413, 414, 431, 501, 505...).
    public let status: Int
    /// API.md's short code, e.g. `bad_request`.
    public let code: String
    /// What was wrong and how to fix it.
    public let message: String
    /// For a 401: the authentication scheme the client must use, sent as
    /// `WWW-Authenticate` (RFC 9110 11.6.1 requires one on every 401).
    public let challenge: String?

    /// An error answered with `status`.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
        self.challenge = nil
    }

    /// 401: the request lacks valid credentials for `scheme` (e.g. `Bearer`).
    public static func unauthorized(scheme: String, _ message: String) -> HTTPError {
        HTTPError(401, "unauthorized", message, challenge: scheme)
    }

    private init(_ status: Int, _ code: String, _ message: String, challenge: String) {
        self.status = status
        self.code = code
        self.message = message
        self.challenge = challenge
    }

    /// 400 with `message`.
    public static func badRequest(_ message: String) -> HTTPError {
        HTTPError(400, "bad_request", message)
    }

    /// The status and message.
    public var description: String { "\(status) \(code): \(message)" }
}
