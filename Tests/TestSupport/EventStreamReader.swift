import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a `text/event-stream` response on a `RawClient` as a browser's
/// `EventSource` would: the head first, then one message at a time as it
/// arrives, from a chunked body or one that ends with the connection.
public final class EventStreamReader {
    /// One message: its fields (`data` lines joined with newlines), and its
    /// comment lines under the name `:`.
    public typealias Message = [String: String]

    public let client: RawClient
    /// The response's status and header fields (lowercased names), once read.
    public private(set) var status = 0
    public private(set) var headers: [String: String] = [:]
    /// The body ended: its last chunk, or the server closed the connection.
    public private(set) var ended = false

    private var raw: [UInt8] = []
    private var chunked = false
    private var body: [UInt8] = []

    /// Sends `GET target` with `headers` on a new connection to `port` and reads the response's head.
    public init(
        port: Int, target: String = "/events", headers: [String: String] = [:], version: String = "1.1"
    ) {
        client = RawClient(port: port)
        var request = "GET \(target) HTTP/\(version)\r\nHost: test\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        client.send(request + "\r\n")
        readHead(timeout: 5)
    }

    /// The next message within `timeout` seconds, or nil (none came, or the body ended first).
    public func next(timeout: Double = 2) -> Message? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let message = takeMessage() { return message }
            if ended { return nil }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 || !receive(timeout: left) { return nil }
            decode()
        }
    }

    /// Reads until the body ends (true) or `timeout` seconds pass (false), dropping what comes.
    public func waitForEnd(timeout: Double = 2) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !ended {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 || !receive(timeout: left) { break }
            decode()
        }
        return ended
    }

    private func readHead(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = Self.find([13, 10, 13, 10], in: raw) {
                let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                chunked = headers["transfer-encoding"]?.lowercased() == "chunked"
                raw.removeFirst(end + 4)
                decode()
                return
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 || !receive(timeout: left) { return }
        }
    }

    /// Reads what arrives within `timeout`; false when nothing did (the close marks the end).
    private func receive(timeout: Double) -> Bool {
        client.setTimeout(max(timeout, 0.001))
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
        if count == 0 { ended = true }
        guard count > 0 else { return count == 0 }
        raw += buffer[0..<count]
        return true
    }

    /// Moves what is complete of the body from `raw` to `body`.
    private func decode() {
        guard chunked else {
            body += raw
            raw = []
            return
        }
        while let lineEnd = Self.find([13, 10], in: raw),
            let size = Int(String(decoding: raw[..<lineEnd], as: UTF8.self), radix: 16),
            raw.count >= lineEnd + 2 + size + 2
        {
            body += raw[(lineEnd + 2)..<(lineEnd + 2 + size)]
            raw.removeFirst(lineEnd + 2 + size + 2)
            if size == 0 {
                ended = true
                return
            }
        }
    }

    /// The first complete message of `body` (a blank line ends one), removed from it.
    private func takeMessage() -> Message? {
        let text = String(decoding: body, as: UTF8.self)
        guard let end = text.range(of: "\n\n") else { return nil }
        body.removeFirst(text[..<end.upperBound].utf8.count)
        var message: Message = [:]
        for line in text[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            let name = line.hasPrefix(":") ? ":" : String(line.prefix { $0 != ":" })
            var value = line.hasPrefix(":") ? line.dropFirst() : line.drop { $0 != ":" }.dropFirst()
            if value.hasPrefix(" ") { value = value.dropFirst() }
            message[name] = message[name].map { $0 + "\n" + value } ?? String(value)
        }
        return message
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first {
            bytes[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}
