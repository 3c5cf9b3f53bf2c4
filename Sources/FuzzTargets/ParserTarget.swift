import HTTP

/// The request parser over arbitrary bytes, with the default limits and with
/// small ones (so that the limits are within reach): the same events whole and
/// in random pieces, and for each request a head that obeys the framing rules
/// and, for a Content-Length, exactly that many body bytes.
enum ParserTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var small = RequestParser.Limits()
        small.requestLine = 40
        small.headerBytes = 120
        small.headerCount = 4
        var random = InputRandom(bytes)
        for limits in [RequestParser.Limits(), small] {
            let whole = try ParserRun(bytes, pieces: [0..<bytes.count], limits: limits)
            let pieces = try ParserRun(
                bytes, pieces: random.pieces(of: bytes.count, sizes: 1...17), limits: limits)
            try require(
                whole.outcomes == pieces.outcomes,
                "the result depends on how bytes arrive (limits \(limits.requestLine)/\(limits.headerBytes)):\n"
                    + "whole:  \(whole.outcomes)\npieces: \(pieces.outcomes)")
            try checkBodyLengths(whole.outcomes)
        }
    }

    /// A Content-Length body ends after exactly that many bytes.
    private static func checkBodyLengths(_ outcomes: [ParserOutcome]) throws(FuzzFailure) {
        var expected: Int?
        var body = 0
        for outcome in outcomes {
            switch outcome {
            case .head(let head):
                if case .length(let length) = head.framing { expected = length } else { expected = nil }
                body = 0
            case .body(let bytes):
                body += bytes.count
                if let expected {
                    try require(body <= expected, "\(body) body bytes for a length of \(expected)")
                }
            case .end:
                if let expected { try require(body == expected, "ended after \(body) of \(expected) bytes") }
            case .error:
                break
            }
        }
    }
}
