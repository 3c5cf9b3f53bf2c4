import HTTP

/// libFuzzer entry point for the request parser. The input is parsed twice, whole
/// and in pieces whose size the first byte picks; both runs must give the same
/// events, and neither may crash or loop. Built with
/// `swift build --sanitize fuzzer --sanitize address -Xswiftc -DFUZZING` (see scripts/fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let pieceSize = 1 + Int(bytes.first ?? 0) % 17
    let whole = ParserTranscript(bytes, pieceSize: bytes.count + 1)
    let pieces = ParserTranscript(bytes, pieceSize: pieceSize)
    if whole.lines != pieces.lines {
        fatalError("parser results depend on how bytes arrive:\n\(whole.lines)\n\(pieces.lines)")
    }
    return 0
}

/// What a parser makes of some bytes fed `pieceSize` at a time, as text lines.
struct ParserTranscript {
    var lines: [String] = []

    init(_ bytes: [UInt8], pieceSize: Int) {
        var parser = RequestParser()
        var buffer: [UInt8] = []
        var body: [UInt8] = []
        var offset = 0
        feeding: while offset < bytes.count {
            let end = min(bytes.count, offset + pieceSize)
            buffer += bytes[offset..<end]
            offset = end
            var steps = 0
            while true {
                steps += 1
                if steps > 1_000_000 { fatalError("the parser made no progress") }
                do {
                    let (event, consumed) = try buffer.withUnsafeBytes { try parser.next($0) }
                    switch event {
                    case .head(let head)?:
                        lines.append(
                            "head \(head.method) \(head.target) \(head.framing) \(head.headers.fields.count)")
                    case .body(let range)?:
                        precondition(range.upperBound <= buffer.count, "a body range outside the input")
                        body += buffer[range]
                    case .end?:
                        lines.append("body \(body.count) end")
                        body = []
                    case nil:
                        break
                    }
                    precondition(consumed <= buffer.count, "consumed more than given")
                    buffer.removeFirst(consumed)
                    if event == nil && consumed == 0 { break }
                } catch {
                    lines.append("error \((error as? HTTPError)?.status ?? -1)")
                    break feeding
                }
            }
        }
    }
}
