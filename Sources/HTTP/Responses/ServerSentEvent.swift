/// One message of a `text/event-stream` body (server-sent events, as the HTML
/// standard defines them), serialized once when made: an `EventStream` hands
/// the same bytes to every client, so a message sent to many streams is built
/// once and shared.
public struct ServerSentEvent: Sendable, Equatable {
    /// The message as it goes on the wire: its field lines and the blank line
    /// that dispatches it.
    public let bytes: [UInt8]

    /// A message with the given fields; nil ones are left out. `data` may hold
    /// line breaks (each line becomes a `data:` line, which the client joins
    /// again); a line break in `id` or `event` would start another field, so
    /// they are cut at the first one. `retry` is the client's reconnection delay
    /// in milliseconds.
    public init(id: String? = nil, event: String? = nil, data: String? = nil, retry: Int? = nil) {
        var bytes: [UInt8] = []
        if let retry { Self.append("retry", String(max(retry, 0)), to: &bytes) }
        if let id { Self.append("id", Self.firstLine(id), to: &bytes) }
        if let event { Self.append("event", Self.firstLine(event), to: &bytes) }
        if let data {
            for line in Self.lines(data) { Self.append("data", line, to: &bytes) }
        }
        bytes.append(0x0A)
        self.bytes = bytes
    }

    /// A comment line: clients ignore it, proxies see the stream is alive.
    public init(comment: String) {
        var bytes: [UInt8] = []
        for line in Self.lines(comment) {
            bytes.append(0x3A)
            if !line.isEmpty { bytes.append(0x20) }
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        bytes.append(0x0A)
        self.bytes = bytes
    }

    /// `: keep-alive`, what a quiet stream sends now and then.
    public static let keepAlive = ServerSentEvent(comment: "keep-alive")

    private static func append(_ name: String, _ value: Substring, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x3A)
        bytes.append(0x20)
        bytes.append(contentsOf: value.utf8)
        bytes.append(0x0A)
    }

    private static func append(_ name: String, _ value: String, to bytes: inout [UInt8]) {
        append(name, value[...], to: &bytes)
    }

    /// The text up to its first line break (CR, LF or CRLF end a line in the format).
    private static func firstLine(_ text: String) -> Substring {
        text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
    }

    /// The lines of `text`, split at CRLF, LF and CR as the format's parser splits them.
    private static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }
}
