import HTTP

/// The chunked decoder, which lives inside `RequestParser`: the input is the body
/// of a fixed `Transfer-Encoding: chunked` head.
///
/// - The result (body, where it ends, or the error) is the same whole and in
///   random pieces.
/// - When the parser accepts, a plain reference decoder (hex size, data, CRLF,
///   trailer lines up to an empty one; lenient about everything else) finds the
///   same body ending at the same byte; when the parser waits for more, so does
///   the reference, with the same body so far. Errors are 400 or 431.
/// - The input itself, sent as a chunked body (random chunk sizes, hex case,
///   leading zeros, extensions and trailers), always decodes back to itself.
enum ChunkedTarget {
    static let head = Array("POST /import HTTP/1.1\r\nHost: fuzz\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)

    /// What a chunked body decodes to.
    enum Decoded: Equatable, CustomStringConvertible {
        /// The whole body, which ended after `consumed` bytes of the input.
        case complete([UInt8], consumed: Int)
        /// The body so far; more bytes are needed.
        case incomplete([UInt8])
        case error(HTTPError)
        /// The reference decoder's verdict on a malformed body.
        case invalid

        var description: String {
            switch self {
            case .complete(let body, let consumed): "complete(\(body.debugText), at \(consumed))"
            case .incomplete(let body): "incomplete(\(body.debugText))"
            case .error(let error): "error(\(error))"
            case .invalid: "invalid"
            }
        }
    }

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var random = InputRandom(bytes)
        let message = head + bytes
        let whole = try decode(message, pieces: [0..<message.count])
        let pieces = try decode(message, pieces: random.pieces(of: message.count, sizes: 1...17))
        try require(
            whole == pieces, "the result depends on how bytes arrive:\nwhole:  \(whole)\npieces: \(pieces)")
        switch whole {
        case .complete(_, let consumed):
            let expected = reference(Array(bytes[0..<consumed]))
            try require(expected == whole, "the reference decoder finds \(expected), the parser \(whole)")
        case .incomplete:
            let expected = reference(bytes)
            try require(expected == whole, "the reference decoder finds \(expected), the parser \(whole)")
        case .error(let error):
            try require(error.status == 400 || error.status == 431, "a chunked body failed with \(error)")
        case .invalid:
            break
        }

        let encoded = encode(bytes, &random)
        let expected = Decoded.complete(bytes, consumed: encoded.count)
        let roundTrip = try decode(
            head + encoded, pieces: random.pieces(of: head.count + encoded.count, sizes: 1...200))
        try require(
            roundTrip == expected,
            "the input sent as chunks decodes to \(roundTrip)\nchunks: \(encoded.debugText)")
    }

    /// The parser's reading of `message` (the head, then a chunked body).
    static func decode(_ message: [UInt8], pieces: [Range<Int>]) throws(FuzzFailure) -> Decoded {
        let run = try ParserRun(message, pieces: pieces, stopAfterEnd: true)
        var outcomes = run.outcomes[...]
        guard case .head(let parsed)? = outcomes.popFirst(), parsed.framing == .chunked else {
            throw FuzzFailure("the fixed head did not parse: \(run.outcomes)")
        }
        var body: [UInt8] = []
        if case .body(let bytes)? = outcomes.first {
            body = bytes
            outcomes.removeFirst()
        }
        switch outcomes.popFirst() {
        case nil:
            return .incomplete(body)
        case .end(let consumed)?:
            try require(outcomes.isEmpty, "events after the end: \(run.outcomes)")
            return .complete(body, consumed: consumed - Self.head.count)
        case .error(let error)?:
            try require(outcomes.isEmpty, "events after an error: \(run.outcomes)")
            return .error(error)
        case let other?:
            throw FuzzFailure("unexpected \(other) in \(run.outcomes)")
        }
    }

    /// RFC 9112 7.1 decoding at its plainest: a line's leading hex digits are the
    /// size (the rest of the line is not looked at), data of that size and CRLF,
    /// then after size 0 lines up to an empty one.
    static func reference(_ input: [UInt8]) -> Decoded {
        var body: [UInt8] = []
        var at = 0
        func lineEnd() -> Int? {
            var index = at
            while index + 1 < input.count {
                if input[index] == 0x0D && input[index + 1] == 0x0A { return index }
                index += 1
            }
            return nil
        }
        while true {
            guard let end = lineEnd() else { return .incomplete(body) }
            var size = 0
            var digits = 0
            while at + digits < end, let digit = hexValue(input[at + digits]) {
                let (times16, overflow) = size.multipliedReportingOverflow(by: 16)
                guard !overflow else { return .invalid }
                size = times16 + digit
                digits += 1
            }
            guard digits > 0 else { return .invalid }
            at = end + 2
            if size == 0 { break }
            let available = min(size, input.count - at)
            body += input[at..<(at + available)]
            guard available == size else { return .incomplete(body) }
            at += size
            guard at + 2 <= input.count else { return .incomplete(body) }
            guard input[at] == 0x0D && input[at + 1] == 0x0A else { return .invalid }
            at += 2
        }
        while true {
            guard let end = lineEnd() else { return .incomplete(body) }
            let empty = end == at
            at = end + 2
            if empty { return .complete(body, consumed: at) }
        }
    }

    /// `body` as chunks of random sizes, in random hex case with random leading
    /// zeros, some with extensions, and maybe a trailer field.
    static func encode(_ body: [UInt8], _ random: inout InputRandom) -> [UInt8] {
        var encoded: [UInt8] = []
        let crlf: [UInt8] = [0x0D, 0x0A]
        for piece in random.pieces(of: body.count, sizes: 1...64) {
            let size = String(piece.count, radix: 16, uppercase: random.next() % 2 == 0)
            let zeros = random.next() % 4 == 0 ? random.next(in: 0...(15 - size.count)) : 0
            encoded += Array(String(repeating: "0", count: zeros).utf8) + Array(size.utf8)
            switch random.next() % 4 {
            case 0: encoded += Array(";ext".utf8)
            // No white space before `;`: RFC 9112 allows it, but llhttp and h11
            // refuse it, and so does Roster.
            case 1: encoded += Array(";name=\"a value\";x".utf8)
            default: break
            }
            encoded += crlf + body[piece] + crlf
        }
        encoded += Array((random.next() % 2 == 0 ? "0" : "000;last").utf8) + crlf
        if random.next() % 2 == 0 { encoded += Array("Checksum: \tab cd \t".utf8) + crlf }
        return encoded + crlf
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
