@testable import HTTP

/// What a parser made of some bytes, with body pieces joined so that results of
/// different splits compare equal.
enum Outcome: Equatable, CustomStringConvertible {
    case head(RequestHead)
    case body([UInt8])
    case end
    case error(Int)

    var description: String {
        switch self {
        case .head(let head): "head(\(head.method) \(head.target) \(head.framing))"
        case .body(let bytes): "body(\(String(decoding: bytes, as: UTF8.self)))"
        case .end: "end"
        case .error(let status): "error(\(status))"
        }
    }
}

/// Feeds bytes to a parser the way a connection does: pieces arrive, unread bytes
/// are kept, consumed ones dropped.
func parse(_ bytes: [UInt8], splitAt cuts: [Int] = [], limits: RequestParser.Limits = .init()) -> [Outcome] {
    var pieces: [[UInt8]] = []
    var last = 0
    for cut in cuts.sorted() where cut > last && cut < bytes.count {
        pieces.append(Array(bytes[last..<cut]))
        last = cut
    }
    pieces.append(Array(bytes[last...]))
    var parser = RequestParser(limits: limits)
    var buffer: [UInt8] = []
    var outcomes: [Outcome] = []
    func record(_ outcome: Outcome) {
        if case .body(let more) = outcome, case .body(let earlier)? = outcomes.last {
            outcomes[outcomes.count - 1] = .body(earlier + more)
        } else {
            outcomes.append(outcome)
        }
    }
    for piece in pieces {
        buffer += piece
        while true {
            do {
                let (event, consumed) = try buffer.withUnsafeBytes { try parser.next($0) }
                if let event {
                    switch event {
                    case .head(let head): record(.head(head))
                    case .body(let range): record(.body(Array(buffer[range])))
                    case .end: record(.end)
                    }
                }
                buffer.removeFirst(consumed)
                if event == nil && consumed == 0 { break }
            } catch {
                record(.error((error as? HTTPError)?.status ?? -1))
                return outcomes
            }
        }
    }
    return outcomes
}

/// The outcome of `text` fed whole; checks that byte-by-byte and every two-piece
/// split give the same.
func parseEverySplit(_ text: String, limits: RequestParser.Limits = .init()) -> [Outcome] {
    parseEverySplit(Array(text.utf8), limits: limits)
}

func parseEverySplit(_ bytes: [UInt8], limits: RequestParser.Limits = .init()) -> [Outcome] {
    let whole = parse(bytes, limits: limits)
    let byteByByte = parse(bytes, splitAt: Array(1..<max(bytes.count, 1)), limits: limits)
    precondition(whole == byteByByte, "byte by byte: \(byteByByte) vs whole: \(whole)")
    if bytes.count <= 2000 {
        for cut in 1..<max(bytes.count, 1) {
            let split = parse(bytes, splitAt: [cut], limits: limits)
            precondition(whole == split, "split at \(cut): \(split) vs whole: \(whole)")
        }
    }
    return whole
}
