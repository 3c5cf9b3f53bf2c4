import Codecs

/// How the writer picks a body's content coding: the request's `Accept-Encoding`
/// read once, the 406 when it accepts nothing the server can send, and a stream's
/// first pieces pulled to see whether it reaches `ContentCoding.minimumSize`.
extension ResponseWriter {
    /// What a response's coding is left to.
    enum Negotiation {
        /// Sent as the handler made it: a request that could not be read, or a
        /// response that chose its coding itself (`codingChosen`, as static files'
        /// answers, or a `Content-Encoding` of its own).
        case asItIs
        /// The writer chooses, by what the request accepts (`Vary: Accept-Encoding`
        /// goes out, unless the response's own `Vary` says it).
        case chosen(AcceptEncoding)
        /// A successful GET or HEAD whose request accepts no coding the server can
        /// send, `identity` included: answered 406 instead.
        case refused
    }

    /// What `response` to `head` is left to.
    func negotiate(_ response: Response, head: RequestHead?) -> Negotiation {
        guard let head, !response.codingChosen, response.headers["Content-Encoding"] == nil else {
            return .asItIs
        }
        let accepted = AcceptEncoding(head.headers)
        if accepted.coding(compressible: true) == nil,
            head.method == "GET" || head.method == "HEAD", (200..<300).contains(response.status)
        {
            return .refused
        }
        return .chosen(accepted)
    }

    /// Whether a response's own `Vary` fields list `Accept-Encoding` (or `*`) already.
    static func variesByAcceptEncoding(_ headers: HTTPHeaders) -> Bool {
        headers.contains { field in
            field.name.caseInsensitiveEquals("Vary") && Self.namesAcceptEncoding(field.value)
        }
    }

    /// Whether a `Vary` value lists `Accept-Encoding` or `*`, in any case (read as bytes).
    static func namesAcceptEncoding(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                let token = AcceptEncoding.trimmed(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if token.count == 1 && token[0] == UInt8(ascii: "*") { return true }
                if token.count == acceptEncoding.count
                    && zip(token, acceptEncoding).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
                {
                    return true
                }
                start = end + 1
            }
            return false
        }
    }

    private static let acceptEncoding = Array("accept-encoding".utf8)

    /// The answer to a request that accepts no coding the server can send.
    static func notAcceptable() -> Response {
        .error(
            HTTPError(
                406, "not_acceptable",
                "the request's Accept-Encoding refuses identity and accepts neither gzip nor zstd"))
    }

    /// A stream as it goes out to a request that accepts `accepted`: through the
    /// coding chosen for it (`coding`, gzip or zstd) when its type compresses and
    /// its first pieces reach `ContentCoding.minimumSize` (or `identity` is refused),
    /// else as it is; nil when it goes as it is without any piece pulled.
    static func compressed(_ source: any ResponseBodySource, _ accepted: AcceptEncoding, type: String?) -> (
        source: any ResponseBodySource, coding: ContentCoding
    )? {
        let suits = ContentCoding.suits(contentType: type)
        guard let coding = accepted.coding(compressible: suits), coding != .identity else { return nil }
        if accepted.weight(of: .identity) == 0 {
            return (CompressedStream(source: source, coding: coding), coding)
        }
        var first: [UInt8] = []
        var ended = false
        var failure: (any Error)?
        while first.count < ContentCoding.minimumSize && !ended && failure == nil {
            do {
                if let piece = try source.next() { first += piece } else { ended = true }
            } catch {
                failure = error
            }
        }
        let pulled = PrefetchedSource(first: first, rest: ended ? nil : source, failure: failure)
        // Short, or failing: sent as it is (a failure cuts the stream once sent).
        guard failure == nil && first.count >= ContentCoding.minimumSize else { return (pulled, .identity) }
        return (CompressedStream(source: pulled, coding: coding), coding)
    }
}
