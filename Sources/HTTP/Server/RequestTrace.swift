import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// `serve --trace-requests FILE`: one JSON line for every request the parser
/// read, so that what a proxy forwarded can be compared with what the server
/// understood (docs/reliability.md, "Reliability"). Off by default; when off, each parser
/// event costs one nil check.
///
/// A line is written when the request's parsing ends, whichever way:
/// `complete` (its end was read), `invalid` (the parser refused it: `status`
/// is the answer's; `method` and `target` are there when its head had been
/// read), `unfinished` (the connection closed before its end, after an answer
/// given at its head or mid-body, or when the client left). `connection` is
/// `LOOP.N`, unique for the process; `peer` is the client's address and port;
/// `body` counts the body bytes the parser delivered (after chunked decoding).
/// A connection's lines come in its requests' order (one loop writes them); each
/// line is one `write` to a file opened with O_APPEND, so loops never interleave.
public final class RequestTrace: Sendable {
    private let fd: Int32

    /// Opens (creating or appending to) the file at `path`.
    /// - Throws: `SystemError` when it cannot be opened for writing.
    public init(path: String) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemError(call: "open(\(path))", code: errno) }
        self.fd = fd
    }

    deinit { System.close(fd) }

    /// What the trace holds of a request between its head and its end.
    struct Entry {
        var method: String?
        var target: String?
        var body = 0
    }

    /// Writes one line.
    func record(connection: String, peer: String, _ entry: Entry, outcome: String, status: Int? = nil) {
        var line = "{\"connection\":\"\(connection)\",\"peer\":\"\(peer)\""
        if let method = entry.method { line += ",\"method\":\"\(Self.escaped(method))\"" }
        if let target = entry.target { line += ",\"target\":\"\(Self.escaped(target))\"" }
        line += ",\"body\":\(entry.body),\"outcome\":\"\(outcome)\""
        if let status { line += ",\"status\":\(status)" }
        line += "}\n"
        var bytes = Array(line.utf8)
        // A trace that cannot be written (a full disk) must not stop the server.
        bytes.withUnsafeBytes { System.writeAll(fd, $0) }
    }

    /// A JSON string's content: the parser lets only visible ASCII through in
    /// methods and targets, so `"` and `\` are the characters to escape; any
    /// other below 0x20 is written as \u00XX all the same.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `address:port` of the socket's peer (`[v6]:port` for IPv6), or `?`.
    static func peer(of fd: Int32) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard named == 0 else { return "?" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    inet_ntop(AF_INET, &ip, &text, socklen_t(text.count))
                    return "\(String(cString: text)):\(UInt16(bigEndian: address.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &ip, &text, socklen_t(text.count))
                    return "[\(String(cString: text))]:\(UInt16(bigEndian: address.pointee.sin6_port))"
                }
            }
        default:
            return "?"
        }
    }
}
