import Codecs

/// Serializes responses for one event loop: the head with the configuration's
/// default fields and a route's own, the body in the content coding the request
/// accepts best (`AcceptEncoding`): whole bodies through igzip or zstd,
/// streams through zlib or zstd (`CompressedStream`). Holds the loop's
/// compressors and date cache, so it is used by one thread only.
final class ResponseWriter {
    /// Whole bodies made per request (a window is about 8 KB): the levels of
    /// `ContentEncoder.dynamicLevels`.
    private let encoder = ContentEncoder()
    private let dates = DateCache()
    private let defaults: [(name: String, value: String)]
    /// The default header lines, serialized once.
    private let allDefaultLines: [UInt8]

    static let gzipLine = Array("Content-Encoding: gzip\r\n".utf8)
    static let zstdLine = Array("Content-Encoding: zstd\r\n".utf8)
    static let varyLine = Array("Vary: Accept-Encoding\r\n".utf8)

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
            switch negotiate(response, head: head) {
            case .asItIs:
                break
            case .refused:
                return self.write(
                    Self.notAcceptable(), head: head, routeLines: routeLines, close: close, into: &output)
            case .chosen(let accepted):
                if !Self.variesByAcceptEncoding(response.headers) { extra.append(contentsOf: Self.varyLine) }
                let compressible =
                    body.count >= ContentCoding.minimumSize
                    && ContentCoding.suits(contentType: response.headers["Content-Type"])
                if let coding = accepted.coding(compressible: compressible), coding != .identity {
                    body = encoder.encode(body, as: coding)
                    extra.append(contentsOf: coding == .zstd ? Self.zstdLine : Self.gzipLine)
                }
            }
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra,
                framing: .length(body.count), close: close, date: dates.headerLine(), into: &output)
            if sendsBody { output.append(contentsOf: body) }
            return nil
        case .stream(let source):
            var body = response.body
            switch negotiate(response, head: head) {
            case .asItIs:
                break
            case .refused:
                return self.write(
                    Self.notAcceptable(), head: head, routeLines: routeLines, close: close, into: &output)
            case .chosen(let accepted):
                if !Self.variesByAcceptEncoding(response.headers) { extra.append(contentsOf: Self.varyLine) }
                if sendsBody,
                    let compressed = Self.compressed(source, accepted, type: response.headers["Content-Type"])
                {
                    body = .stream(compressed.source)
                    if compressed.coding != .identity {
                        extra.append(contentsOf: compressed.coding == .zstd ? Self.zstdLine : Self.gzipLine)
                    }
                }
            }
            ResponseHead.bytes(
                status: response.status, headers: response.headers, extra: extra, framing: .chunked,
                close: close, date: dates.headerLine(), into: &output)
            return sendsBody ? body : nil
        case .events:
            // Never compressed: each event must reach the client as it is sent.
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

    /// `Date: ...\r\n` for now, as heads written now carry it.
    var dateLine: [UInt8] { dates.headerLine() }

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
