import HTTP

/// What a request parser made of some bytes, with the body pieces of a request
/// joined so that runs with different splits compare equal.
enum ParserOutcome: Equatable, CustomStringConvertible {
    case head(RequestHead)
    case body([UInt8])
    /// The end of a request, after `consumed` bytes of the input in all.
    case end(consumed: Int)
    case error(HTTPError)

    var description: String {
        switch self {
        case .head(let head): "head(\(head.method) \(head.target) \(head.framing))"
        case .body(let bytes): "body(\(bytes.debugText))"
        case .end(let consumed): "end(at \(consumed))"
        case .error(let error): "error(\(error))"
        }
    }
}

/// Feeds bytes to a `RequestParser` the way a connection does (pieces arrive,
/// unread bytes are kept, consumed ones dropped) and checks what any caller
/// relies on: no more consumed than given, body ranges inside the input,
/// progress on every call, and a failed parser that keeps failing.
struct ParserRun {
    private(set) var outcomes: [ParserOutcome] = []
    /// Bytes left unconsumed when the run stopped.
    private(set) var unread = 0

    /// Runs over `bytes` cut into `pieces`; with `stopAfterEnd`, stops at the
    /// first request's end.
    init(
        _ bytes: [UInt8], pieces: [Range<Int>], limits: RequestParser.Limits = .init(),
        stopAfterEnd: Bool = false
    ) throws(FuzzFailure) {
        var parser = RequestParser(limits: limits)
        var buffer: [UInt8] = []
        var consumedTotal = 0
        feeding: for piece in pieces {
            buffer += bytes[piece]
            // Every call consumes bytes, or waits, or ends a request (at most once per byte).
            let maximumSteps = 2 * buffer.count + 4
            var steps = 0
            while true {
                steps += 1
                try require(steps <= maximumSteps, "the parser makes no progress")
                let result: (event: RequestParser.Event?, consumed: Int)
                do {
                    result = try buffer.withUnsafeBytes { try parser.next($0) }
                } catch {
                    guard let error = error as? HTTPError else { throw FuzzFailure("threw \(error)") }
                    record(.error(error))
                    try Self.checkKeepsFailing(&parser, buffer, with: error)
                    break feeding
                }
                try require(
                    result.consumed >= 0 && result.consumed <= buffer.count,
                    "consumed \(result.consumed) of \(buffer.count) bytes")
                switch result.event {
                case .head(let head)?:
                    try Self.check(head)
                    record(.head(head))
                case .body(let range)?:
                    try require(
                        !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= result.consumed,
                        "body range \(range) outside the \(result.consumed) bytes consumed")
                    record(.body(Array(buffer[range])))
                case .end?:
                    consumedTotal += result.consumed
                    record(.end(consumed: consumedTotal))
                    buffer.removeFirst(result.consumed)
                    if stopAfterEnd { break feeding }
                    continue
                case nil:
                    break
                }
                consumedTotal += result.consumed
                buffer.removeFirst(result.consumed)
                if result.event == nil && result.consumed == 0 { break }
            }
        }
        unread = bytes.count - consumedTotal
    }

    private mutating func record(_ outcome: ParserOutcome) {
        if case .body(let more) = outcome, case .body(let earlier)? = outcomes.last {
            outcomes[outcomes.count - 1] = .body(earlier + more)
        } else {
            outcomes.append(outcome)
        }
    }

    private static func checkKeepsFailing(
        _ parser: inout RequestParser, _ buffer: [UInt8], with error: HTTPError
    ) throws(FuzzFailure) {
        var again: (any Error)?
        do {
            let result = try buffer.withUnsafeBytes { try parser.next($0) }
            throw FuzzFailure("a failed parser went on: \(result) after \(error)")
        } catch {
            again = error
        }
        if let failure = again as? FuzzFailure { throw failure }
        try require(
            again as? HTTPError == error, "a failed parser failed differently: \(again!) after \(error)")
    }

    /// What RFC 9112 and the parser's documentation promise of a head it accepts.
    static func check(_ head: RequestHead) throws(FuzzFailure) {
        let method = Array(head.method.utf8)
        try require(!method.isEmpty && method.allSatisfy(isTokenByte), "method '\(head.method)'")
        let target = Array(head.target.utf8)
        try require(!target.isEmpty && target.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "target \(head.target)")
        try require(
            head.target.hasPrefix("/") || head.target.hasPrefix("http://")
                || head.target.hasPrefix("https://")
                || (head.target == "*" && head.method == "OPTIONS"),
            "target form \(head.target)")
        for (name, value) in head.headers.fields {
            try require(!name.isEmpty && name.utf8.allSatisfy(isTokenByte), "header name '\(name)'")
            try require(
                value.utf8.allSatisfy { $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }
                    && value.first != " " && value.last != " " && value.first != "\t" && value.last != "\t",
                "header value '\(value)'")
        }
        let hosts = head.headers.values("Host").count
        try require(head.version == .http11 ? hosts == 1 : hosts <= 1, "\(hosts) Host fields")
        let lengths = head.headers.values("Content-Length")
        let codings = head.headers.values("Transfer-Encoding")
        switch head.framing {
        case .none:
            try require(codings.isEmpty, "no body framing with Transfer-Encoding")
            try require(!head.expectsContinue, "100-continue expected without a body")
        case .length(let length):
            try require(length > 0 && !lengths.isEmpty && codings.isEmpty, "length \(length) framing")
            try require(lengths.allSatisfy { $0.contains(String(length)) }, "length \(length) vs \(lengths)")
        case .chunked:
            try require(head.version == .http11, "chunked in HTTP/1.0")
            try require(lengths.isEmpty && !codings.isEmpty, "chunked framing with \(lengths), \(codings)")
        }
    }

    /// tchar of RFC 9110 5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
