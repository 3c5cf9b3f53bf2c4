/// A request the server refuses, with the status and the JSON error body of API.md.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The response status (400, 413, 414, 431, 501, 505...).
    public let status: Int
    /// API.md's short code, e.g. `bad_request`.
    public let code: String
    /// What was wrong and how to fix it.
    public let message: String
    /// Header fields the error response carries besides its body's (a `Vary`, for
    /// instance, when the refusal depends on request headers).
    public private(set) var headers: [HeaderField] = []

    /// A header field as a value.
    public struct HeaderField: Equatable, Sendable {
        public let name: String
        public let value: String
    }

    /// An error answered with `status`.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The same error, its response carrying the field `name: value` too.
    public func adding(_ name: String, _ value: String) -> HTTPError {
        var error = self
        error.headers.append(HeaderField(name: name, value: value))
        return error
    }

    /// 400 with `message`.
    public static func badRequest(_ message: String) -> HTTPError {
        HTTPError(400, "bad_request", message)
    }

    /// The status and message.
    public var description: String { "\(status) \(code): \(message)" }
}
