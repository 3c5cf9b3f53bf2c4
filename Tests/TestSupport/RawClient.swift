import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP client that sends raw bytes and reads raw responses.
public final class RawClient {
    public let fd: Int32

    public init(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        precondition(status == 0, "connect failed: \(errno)")
        setTimeout(5)
    }

    deinit { close(fd) }

    public func setTimeout(_ seconds: Double) {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads until `count` complete responses arrived (by Content-Length or chunked
    /// framing), the peer closed, or the timeout passed.
    public func readResponses(_ count: Int = 1) -> [ParsedResponse] {
        var buffer: [UInt8] = []
        var responses: [ParsedResponse] = []
        while responses.count < count {
            if let (response, used) = ParsedResponse.parse(buffer) {
                responses.append(response)
                buffer.removeFirst(used)
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            buffer += chunk[0..<n]
        }
        return responses
    }

    /// True when bytes (or the peer's close) wait to be read now, without blocking.
    public func hasBytesToRead() -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }

    /// True when the server closed the connection (read returns 0) within the timeout.
    public func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        while true {
            let n = recv(fd, &byte, 1, 0)
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
    }
}

/// A response as the client read it.
public struct ParsedResponse {
    public var status: Int
    public var headers: [String: String]  // lowercased names; repeated fields joined with ", "
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    public static func parse(_ buffer: [UInt8]) -> (ParsedResponse, Int)? {
        guard
            let end = buffer.indices.dropLast(3).first(where: {
                buffer[$0..<($0 + 4)] == [13, 10, 13, 10][...]
            })
        else {
            return nil
        }
        let head = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased(), default: ""] +=
                headers[line[..<colon].lowercased()] == nil
                ? value : ", " + value
        }
        var index = end + 4
        if status == 100 || status == 304 || status == 204 {
            return (ParsedResponse(status: status, headers: headers, body: []), index)
        }
        if headers["transfer-encoding"] == "chunked" {
            var body: [UInt8] = []
            while true {
                guard
                    let lineEnd = buffer[index...].indices.dropLast().first(where: {
                        buffer[$0] == 13 && buffer[$0 + 1] == 10
                    }),
                    let size = Int(String(decoding: buffer[index..<lineEnd], as: UTF8.self), radix: 16)
                else { return nil }
                let dataStart = lineEnd + 2
                guard buffer.count >= dataStart + size + 2 else { return nil }
                body += buffer[dataStart..<(dataStart + size)]
                index = dataStart + size + 2
                if size == 0 { return (ParsedResponse(status: status, headers: headers, body: body), index) }
            }
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard buffer.count >= index + length else { return nil }
        return (
            ParsedResponse(status: status, headers: headers, body: Array(buffer[index..<(index + length)])),
            index + length
        )
    }
}

extension RawClient {
    /// Sends a GET on this keep-alive connection and reads its response. `host` is
    /// the `Host` field: a loopback name by default, as curl sends to 127.0.0.1.
    public func get(
        _ target: String, headers: [String: String] = [:], host: String = "localhost"
    ) -> ParsedResponse? {
        var request = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        send(request + "\r\n")
        return readResponses().first
    }

    /// GET, then the body parsed as a JSON object.
    public func getJSON(_ target: String) -> (status: Int, json: [String: Any])? {
        guard let response = get(target) else { return nil }
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
        return (response.status, object ?? [:])
    }
}
