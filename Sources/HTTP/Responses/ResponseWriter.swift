import Codecs

/// Serializes responses for one event loop: the head with the configuration's
/// default fields and a route's own, the body compressed when the client
/// accepts gzip and it is worth it. Holds the loop's zlib stream and date cache,
/// so it is used by one thread only.
final class ResponseWriter {
    /// Dynamic bodies (a window is about 10 KB): speed first. A 16 KB window and a
    /// small hash table lose almost nothing on bodies this size and make the
    /// per-response reset cheap.
    private let gzip = Gzip(level: 1, windowBits: 14, memoryLevel: 6)
    private let dates = DateCache()
    private let defaults: [(name: String, value: String)]
    /// The default header lines, serialized once.
    private let allDefaultLines: [UInt8]

    private static let gzipLine = Array("Content-Encoding: gzip\r\n".utf8)
    private static let varyLine = Array("Vary: Accept-Encoding\r\n".utf8)

    /// A writer adding `defaultHeaders` to every response that does not set them.
    init(defaultHeaders: [(name: String, value: String)]) {
        defaults = defaultHeaders
        allDefaultLines = Self.lines(defaultHeaders)
    }

    /// Appends `response` to `output`, as the answer to `head` (nil: a request
    /// that could not be read), with `routeLines` after its own fields. Returns
    /// the part of the body still to be produced, a stream or events (nil for a
    /// body of bytes, and for HEAD, 204 and 304, which send none).
    func write(
        _ response: Response, head: RequestHead?, routeLines: [UInt8], close: Bool, into output: inout [UInt8]
    ) -> ResponseBody? {
        let sendsBody = head?.method != "HEAD" && response.status != 304 && response.status != 204
        var extra = defaultLines(for: response.headers)
        if head != nil { extra.append(contentsOf: routeLines) }
        switch response.body {
        case .bytes(var body):
            if body.count >= Gzip.minimumSize, response.headers["Content-Encoding"] == nil, let head,
                Gzip.suits(contentType: response.headers["Content-Type"]),
                Gzip.isAccepted(byHeader: head.headers.combined("Accept-Encoding"))
            {
                body = gzip.compress(body)
                extra.append(contentsOf: Self.gzipLine)
                // A Vary of the response's own still needs Accept-Encoding (a second
                // Vary line is the same as one with both lists, RFC 9110 5.3).
                if !(response.headers.tokens("Vary").contains { $0 == "accept-encoding" || $0 == "*" }) {
                    extra.append(contentsOf: Self.varyLine)
                }
            }
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra,
                framing: .length(body.count), close: close, date: dates.headerLine(), into: &output)
            if sendsBody { output.append(contentsOf: body) }
            return nil
        case .stream(let source):
            var body = response.body
            if sendsBody, response.headers["Content-Encoding"] == nil, let head,
                Gzip.suits(contentType: response.headers["Content-Type"]),
                Gzip.isAccepted(byHeader: head.headers.combined("Accept-Encoding"))
            {
                // Compressed when it reaches 1 KB (README, "The contract"), which its first pieces tell.
                var first: [UInt8] = []
                var ended = false
                var failure: (any Error)?
                while first.count < Gzip.minimumSize && !ended && failure == nil {
                    do {
                        if let piece = try source.next() { first += piece } else { ended = true }
                    } catch {
                        failure = error
                    }
                }
                let pulled = PrefetchedSource(first: first, rest: ended ? nil : source, failure: failure)
                if failure != nil || first.count < Gzip.minimumSize {
                    // Short, or failing: sent as it is (a failure cuts the stream once sent).
                    body = .stream(pulled)
                } else {
                    body = .stream(GzipStream(source: pulled))
                    extra.append(contentsOf: Self.gzipLine)
                    if !(response.headers.tokens("Vary").contains { $0 == "accept-encoding" || $0 == "*" }) {
                        extra.append(contentsOf: Self.varyLine)
                    }
                }
            }
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra, framing: .chunked,
                close: close, date: dates.headerLine(), into: &output)
            return sendsBody ? body : nil
        case .events:
            let chunked = Self.chunksEvents(for: head)
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra,
                framing: chunked ? .chunked : .untilClose, close: close || !chunked, date: dates.headerLine(),
                into: &output)
            return sendsBody ? response.body : nil
        }
    }

    /// Whether events to `head`'s client go in chunks: HTTP/1.0 knows no chunked
    /// coding, so its stream is delimited by the connection's close instead.
    static func chunksEvents(for head: RequestHead?) -> Bool {
        head?.version != .http10
    }

    /// Appends one chunk of a streamed body (chunked framing), or the last chunk when `chunk` is nil.
    static func chunk(_ chunk: [UInt8]?, into output: inout [UInt8]) {
        guard let chunk else {
            output.append(contentsOf: "0\r\n\r\n".utf8)
            return
        }
        output.append(contentsOf: String(chunk.count, radix: 16).utf8)
        output.append(contentsOf: [0x0D, 0x0A])
        output.append(contentsOf: chunk)
        output.append(contentsOf: [0x0D, 0x0A])
    }

    /// The default header lines the response does not set itself.
    private func defaultLines(for headers: HTTPHeaders) -> [UInt8] {
        guard !defaults.isEmpty else { return [] }
        let overridden = headers.contains { field in
            defaults.contains { $0.name.caseInsensitiveEquals(field.name) }
        }
        guard overridden else { return allDefaultLines }
        return Self.lines(defaults.filter { headers[$0.name] == nil })
    }

    private static func lines(_ fields: [(name: String, value: String)]) -> [UInt8] {
        fields.reduce(into: []) { bytes, field in
            bytes.append(contentsOf: "\(field.name): \(field.value)\r\n".utf8)
        }
    }
}
