#if canImport(Glibc)
    import Glibc
#endif

/// A pure, incremental HTTP/1.1 request parser: bytes in, events out, no I/O.
///
/// The caller keeps the unread bytes and calls `next(_:)` with them; each call
/// reports how many bytes it consumed and at most one event: a request head, a
/// piece of body (a range of the bytes given), or the end of a request. When it
/// needs more bytes it consumes nothing and returns no event. Bodies are never
/// buffered here, so a 1 GB upload passes through in pieces. After `.end` the
/// next request of a pipeline follows.
///
/// Strict per RFC 9112: CRLF line ends only, no obs-fold, no whitespace before a
/// header colon, token characters in names, visible characters in values and
/// targets, one valid Content-Length (repeats must agree), never Content-Length
/// with Transfer-Encoding, chunked last and once, Host exactly once in HTTP/1.1,
/// nothing but hex digits before a chunk extension's `;`, and extensions in RFC
/// 9112's grammar (`ChunkExtensions`).
public struct RequestParser: Sendable {
    /// Size limits; going over one is an error with its own status.
    public struct Limits: Sendable {
        /// Longest request line, CRLF excluded (414 beyond).
        public var requestLine = 8 * 1024
        /// Largest header section (431 beyond).
        public var headerBytes = 32 * 1024
        /// Most header fields (431 beyond).
        public var headerCount = 100

        /// The defaults: 8 KiB, 32 KiB, 100 fields.
        public init() {}
    }

    /// What one call of `next(_:)` found.
    public enum Event: Equatable, Sendable {
        /// A complete request line and header section.
        case head(RequestHead)
        /// Body bytes: this range of the buffer passed to `next(_:)`.
        case body(Range<Int>)
        /// The request (body included) is complete.
        case end
    }

    private enum State: Sendable {
        case requestLine
        case headers(RequestLine, fields: HTTPHeaders, bytes: Int)
        case lengthBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers(bytes: Int, count: Int)
        case failed(HTTPError)
    }

    private struct RequestLine: Sendable {
        var method: String
        var target: String
        var version: HTTPVersion
    }

    /// The limits in force.
    public let limits: Limits
    private var state = State.requestLine

    /// A parser waiting for a request line.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// True when the next byte begins a request (nothing of one has been read).
    public var isAtRequestStart: Bool {
        if case .requestLine = state { true } else { false }
    }

    /// Parses from the start of `input`. Returns the event found (nil: more bytes
    /// are needed) and the number of bytes consumed; the caller drops those bytes.
    /// - Throws: `HTTPError` for a malformed or oversized request; the parser then
    ///   keeps failing, as the connection cannot be read further.
    public mutating func next(_ input: UnsafeRawBufferPointer) throws(HTTPError) -> (
        event: Event?, consumed: Int
    ) {
        do {
            return try step(input)
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func step(_ input: UnsafeRawBufferPointer) throws(HTTPError) -> (
        event: Event?, consumed: Int
    ) {
        switch state {
        case .failed(let error):
            throw error
        case .requestLine:
            return try parseRequestLine(input)
        case .headers(let line, let fields, let bytes):
            return try parseHeaderLine(input, line: line, fields: fields, bytes: bytes)
        case .lengthBody(let remaining):
            if remaining == 0 {
                state = .requestLine
                return (.end, 0)
            }
            let take = min(remaining, input.count)
            guard take > 0 else { return (nil, 0) }
            state = .lengthBody(remaining: remaining - take)
            return (.body(0..<take), take)
        case .chunkSize:
            return try parseChunkSize(input)
        case .chunkData(let remaining):
            let take = min(remaining, input.count)
            guard take > 0 else { return (nil, 0) }
            state = take == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - take)
            return (.body(0..<take), take)
        case .chunkDataEnd:
            guard input.count >= 2 else { return (nil, 0) }
            guard input[0] == 0x0D, input[1] == 0x0A else {
                throw .badRequest("chunk data is longer than its size, or lacks its CRLF")
            }
            state = .chunkSize
            return (nil, 2)
        case .trailers(let bytes, let count):
            return try parseTrailer(input, bytes: bytes, count: count)
        }
    }

    // MARK: - Request line

    private mutating func parseRequestLine(_ input: UnsafeRawBufferPointer) throws(HTTPError) -> (Event?, Int)
    {
        // RFC 9112 2.2: ignore empty lines before the request line.
        var start = 0
        while start + 1 < input.count, input[start] == 0x0D, input[start + 1] == 0x0A { start += 2 }
        if start > 0 { return (nil, start) }
        guard let lineEnd = try findLineEnd(input, from: 0, limit: limits.requestLine, status: 414) else {
            return (nil, 0)
        }
        let line = UnsafeRawBufferPointer(rebasing: input[0..<lineEnd])
        guard let firstSpace = line.firstIndex(of: 0x20),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 0x20)
        else {
            throw .badRequest("the request line must be METHOD SP TARGET SP HTTP-VERSION")
        }
        let method = line[0..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(Self.isTokenByte) else {
            throw .badRequest("the method must be a token")
        }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest(
                "the request target must be visible ASCII without spaces; percent-encode the rest")
        }
        let parsedVersion = try Self.version(Array(version))
        let targetString = String(decoding: target, as: UTF8.self)
        let methodString = String(decoding: method, as: UTF8.self)
        guard
            targetString.hasPrefix("/") || targetString.hasPrefix("http://")
                || targetString.hasPrefix("https://")
                || (targetString == "*" && methodString == "OPTIONS")
        else {
            throw .badRequest("the request target must be a path starting with /")
        }
        state = .headers(
            RequestLine(method: methodString, target: targetString, version: parsedVersion),
            fields: HTTPHeaders(), bytes: 0)
        return (nil, lineEnd + 2)
    }

    private static func version(_ bytes: [UInt8]) throws(HTTPError) -> HTTPVersion {
        if bytes == Array("HTTP/1.1".utf8) { return .http11 }
        if bytes == Array("HTTP/1.0".utf8) { return .http10 }
        let digits =
            bytes.count == 8 && bytes[5] >= 0x30 && bytes[5] <= 0x39 && bytes[7] >= 0x30 && bytes[7] <= 0x39
        if digits && bytes[0..<5] == Array("HTTP/".utf8)[...] && bytes[6] == 0x2E {
            throw HTTPError(505, "http_version_not_supported", "only HTTP/1.0 and HTTP/1.1 are served")
        }
        throw .badRequest("the version must be HTTP/1.1 or HTTP/1.0, in capitals")
    }

    // MARK: - Header section

    private mutating func parseHeaderLine(
        _ input: UnsafeRawBufferPointer, line: RequestLine, fields: HTTPHeaders, bytes: Int
    ) throws(HTTPError) -> (Event?, Int) {
        let room = limits.headerBytes - bytes
        guard let lineEnd = try findLineEnd(input, from: 0, limit: room, status: 431) else { return (nil, 0) }
        if lineEnd == 0 {
            let head = try Self.head(line, fields)
            switch head.framing {
            case .none: state = .lengthBody(remaining: 0)
            case .length(let length): state = .lengthBody(remaining: length)
            case .chunked: state = .chunkSize
            }
            return (.head(head), 2)
        }
        guard fields.fields.count < limits.headerCount else {
            throw HTTPError(431, "headers_too_large", "more than \(limits.headerCount) header fields")
        }
        var fields = fields
        let (name, value) = try Self.field(UnsafeRawBufferPointer(rebasing: input[0..<lineEnd]))
        fields.add(name, value)
        state = .headers(line, fields: fields, bytes: bytes + lineEnd + 2)
        return (nil, lineEnd + 2)
    }

    /// One `name: value` line, validated.
    private static func field(_ line: UnsafeRawBufferPointer) throws(HTTPError) -> (String, String) {
        if line[0] == 0x20 || line[0] == 0x09 {
            throw .badRequest(
                "obsolete line folding (a header line starting with white space) is not accepted")
        }
        guard let colon = line.firstIndex(of: 0x3A) else {
            throw .badRequest("a header line has no colon")
        }
        let name = line[0..<colon]
        guard !name.isEmpty else { throw .badRequest("a header field has an empty name") }
        guard name.allSatisfy(isTokenByte) else {
            throw .badRequest(
                "a header name holds a character that is not allowed (white space before the colon?)")
        }
        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
        while valueEnd > valueStart, line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09 {
            valueEnd -= 1
        }
        let value = line[valueStart..<valueEnd]
        guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
            throw .badRequest(
                "the value of \(String(decoding: name, as: UTF8.self)) holds a control character")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// The head, with the framing rules of RFC 9112 section 6 applied.
    private static func head(_ line: RequestLine, _ fields: HTTPHeaders) throws(HTTPError) -> RequestHead {
        let hosts = fields.values("Host")
        if line.version == .http11 && hosts.count != 1 || hosts.count > 1 {
            throw .badRequest("an HTTP/1.1 request needs exactly one Host header")
        }
        // RFC 9112 3.2: an invalid Host value is a 400, like a missing one.
        if let host = hosts.first, !host.utf8.allSatisfy(isHostByte) {
            throw .badRequest("the Host header must be a host name or address, with an optional :port")
        }
        let lengths = fields.values("Content-Length")
        let codings = fields.tokens("Transfer-Encoding")
        let framing: BodyFraming
        if !fields.values("Transfer-Encoding").isEmpty {
            guard lengths.isEmpty else {
                throw .badRequest("Content-Length and Transfer-Encoding together are not accepted")
            }
            guard line.version == .http11 else {
                throw .badRequest("Transfer-Encoding is not allowed in an HTTP/1.0 request")
            }
            guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
                throw .badRequest("Transfer-Encoding must end with chunked, applied once")
            }
            guard codings.count == 1 else {
                throw HTTPError(501, "not_implemented", "only the chunked transfer coding is supported")
            }
            framing = .chunked
        } else if !lengths.isEmpty {
            let values = lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmingHTTPWhitespace() }
            guard let first = values.first, values.allSatisfy({ $0 == first }),
                !first.isEmpty, first.utf8.count <= 18, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let length = Int(first)
            else {
                throw .badRequest("Content-Length must be one decimal number")
            }
            framing = length == 0 ? .none : .length(length)
        } else {
            framing = .none
        }
        let expectations = fields.tokens("Expect")
        return RequestHead(
            method: line.method, target: line.target, version: line.version, headers: fields,
            framing: framing,
            expectsContinue: framing != .none && expectations.contains("100-continue"))
    }

    // MARK: - Chunked body

    private mutating func parseChunkSize(_ input: UnsafeRawBufferPointer) throws(HTTPError) -> (Event?, Int) {
        guard let lineEnd = try findLineEnd(input, from: 0, limit: 4096, status: 400) else { return (nil, 0) }
        var size = 0
        var index = 0
        while index < lineEnd, let digit = Self.hexValue(input[index]) {
            guard index < 15 else { throw .badRequest("a chunk size is too large") }
            size = size * 16 + digit
            index += 1
        }
        guard index > 0 else { throw .badRequest("a chunk size must start with a hexadecimal digit") }
        // Optional extensions, ignored but checked against RFC 9112's grammar
        // (`ChunkExtensions`). RFC 9112 7.1.1 lets white space (BWS) stand before the
        // ";", but h11 and llhttp both refuse it: where parsers disagree on framing,
        // smuggling finds room, so Roster takes the stricter side.
        if index < lineEnd {
            guard input[index] == 0x3B else {
                throw .badRequest(
                    "a chunk size must be followed by ';' (an extension) or the end of the line")
            }
            guard ChunkExtensions.areValid(input[index..<lineEnd]) else {
                throw .badRequest(
                    "a chunk extension must be ;name or ;name=value (a token or a quoted string, closed)")
            }
        }
        state = size == 0 ? .trailers(bytes: 0, count: 0) : .chunkData(remaining: size)
        return (nil, lineEnd + 2)
    }

    private mutating func parseTrailer(_ input: UnsafeRawBufferPointer, bytes: Int, count: Int)
        throws(HTTPError) -> (
            Event?, Int
        )
    {
        guard let lineEnd = try findLineEnd(input, from: 0, limit: limits.headerBytes - bytes, status: 431)
        else {
            return (nil, 0)
        }
        if lineEnd == 0 {
            state = .requestLine
            return (.end, 2)
        }
        guard count < limits.headerCount else {
            throw HTTPError(431, "headers_too_large", "more than \(limits.headerCount) trailer fields")
        }
        _ = try Self.field(UnsafeRawBufferPointer(rebasing: input[0..<lineEnd]))
        state = .trailers(bytes: bytes + lineEnd + 2, count: count + 1)
        return (nil, lineEnd + 2)
    }

    // MARK: - Helpers

    /// The index of the CR of the first CRLF, nil when none yet (and the line is
    /// still within `limit`). A bare CR or LF is an error. Only the first
    /// `limit + 1` bytes are looked at (a line end may start at `limit`), so that
    /// a line too long is reported as such however the bytes arrive; a negative
    /// `limit` (a section already over its size) is too long at once.
    private func findLineEnd(_ input: UnsafeRawBufferPointer, from start: Int, limit: Int, status: Int)
        throws(HTTPError) -> Int?
    {
        guard limit >= 0 else { throw tooLong(status) }
        let scanEnd = min(input.count, start + limit + 1)
        var index = start
        while index < scanEnd {
            let byte = input[index]
            if byte == 0x0A { throw .badRequest("a line ends with a bare LF; lines end with CRLF") }
            if byte == 0x0D {
                guard index + 1 < input.count else { return nil }
                guard input[index + 1] == 0x0A else { throw .badRequest("a bare CR is not allowed") }
                return index  // within the limit: the scan stops at `start + limit`
            }
            index += 1
        }
        if input.count - start > limit { throw tooLong(status) }
        return nil
    }

    private func tooLong(_ status: Int) -> HTTPError {
        switch status {
        case 414:
            HTTPError(414, "uri_too_long", "the request line is longer than \(limits.requestLine) bytes")
        case 431:
            HTTPError(
                431, "headers_too_large", "the header section is larger than \(limits.headerBytes) bytes")
        default: .badRequest("a chunk size line is too long")
        }
    }

    /// tchar of RFC 9110 5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The characters of RFC 3986's host (reg-name, IPv4, IP-literal) and ":" port.
    static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}

extension RequestHead: Equatable {
    /// Heads are equal when every part, headers in order included, is.
    public static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
            && lhs.framing == rhs.framing && lhs.expectsContinue == rhs.expectsContinue
            && lhs.headers.fields.elementsEqual(rhs.headers.fields) { $0 == $1 }
    }
}
