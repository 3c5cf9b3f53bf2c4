/// A request the server refuses, with the status and the JSON error body of API.md.
public struct HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The response status (400, 413, 414, 431, 501, 505...).
    public let status: Int
    /// API.md's short code, e.g. `bad_request`.
    public let code: String
    /// What was wrong and how to fix it.
    public let message: String

    /// An error answered with `status`.
    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// 400 with `message`.
    public static func badRequest(_ message: String) -> HTTPError {
        HTTPError(400, "bad_request", message)
    }

    /// The status and message.
    public var description: String { "\(status) \(code): \(message)" }
}
