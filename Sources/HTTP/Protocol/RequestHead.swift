/// The protocol version of a request.
public enum HTTPVersion: Sendable, Equatable {
    /// HTTP/1.0: the connection closes after the response unless keep-alive is asked for.
    case http10
    /// HTTP/1.1: the connection stays open unless `Connection: close`.
    case http11
}

/// How the body of a request is delimited (RFC 9112 section 6).
public enum BodyFraming: Sendable, Equatable {
    /// No body.
    case none
    /// Exactly this many bytes (Content-Length).
    case length(Int)
    /// Chunked transfer coding; the length is known at the end.
    case chunked
}

/// A parsed request line and header section.
public struct RequestHead: Sendable {
    /// The method, case-sensitive as RFC 9110 says (`GET`, `POST`...).
    public let method: String
    /// The request target as sent.
    public let target: String
    /// HTTP/1.0 or HTTP/1.1.
    public let version: HTTPVersion
    /// The header fields.
    public let headers: HTTPHeaders
    /// How the body is delimited.
    public let framing: BodyFraming
    /// True when the client asked for `100 Continue` before sending the body.
    public let expectsContinue: Bool

    /// A head with the given parts (the parser makes them; tests and tools may too).
    public init(
        method: String, target: String, version: HTTPVersion = .http11, headers: HTTPHeaders = [:],
        framing: BodyFraming = .none, expectsContinue: Bool = false
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.framing = framing
        self.expectsContinue = expectsContinue
    }

    /// The path part of the target, still percent-encoded (`/` for `*`).
    public var path: Substring {
        let start = target.hasPrefix("/") ? target.startIndex : (absoluteFormPathStart ?? target.endIndex)
        let rest = target[start...]
        let end =
            rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? rest.endIndex
        let path = rest[..<end]
        return path.isEmpty ? "/" : path
    }

    /// The query after `?`, still percent-encoded, or nil.
    public var query: Substring? {
        // Searched as UTF-8 bytes (`?` and `#` are ASCII): no walk by Character.
        guard
            let mark = target.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            target.utf8[mark] == UInt8(ascii: "?")
        else { return nil }
        let rest = target[target.utf8.index(after: mark)...]
        return rest[..<(rest.utf8.firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex)]
    }

    /// True when the connection may carry another request after this one.
    public var keepAlive: Bool {
        guard headers["Connection"] != nil else { return version == .http11 }
        let connection = headers.tokens("Connection")
        switch version {
        case .http11: return !connection.contains("close")
        case .http10: return connection.contains("keep-alive") && !connection.contains("close")
        }
    }

    /// In absolute-form (`http://host/path`), where the path starts.
    private var absoluteFormPathStart: String.Index? {
        let prefix = target.hasPrefix("https://") ? 8 : target.hasPrefix("http://") ? 7 : 0
        guard prefix > 0 else { return nil }
        return target.utf8.dropFirst(prefix).firstIndex(of: UInt8(ascii: "/"))
    }
}
