/// A request as a handler sees it: the head, the path parameters its route
/// matched, and the body when the route buffers bodies.
public struct Request {
    /// Request line and header fields.
    public let head: RequestHead
    /// Values of the route's `{name}` segments, percent-decoded.
    public let parameters: [String: String]
    /// The whole body, for routes that buffer it (empty otherwise).
    public let body: [UInt8]
    /// The address of the client's end of the connection (IPv4 dotted, IPv6 as
    /// RFC 5952 writes it): a proxy's, when one forwards the request; "" for a
    /// request made in process.
    public let client: String

    /// A time (the server's clock, ns) by which the client had begun sending this
    /// request, so had seen every answer it got before it: when epoll reported the
    /// socket whose first unread byte began it, else when the read that brought its
    /// head returned. Nil when not known (read the clock instead: that is later still).
    public let sentBy: UInt64?

    /// A request with `head`, `parameters` and `body`, from `client`, sent by `sentBy`.
    public init(
        head: RequestHead, parameters: [String: String] = [:], body: [UInt8] = [], client: String = "",
        sentBy: UInt64? = nil
    ) {
        self.head = head
        self.parameters = parameters
        self.body = body
        self.client = client
        self.sentBy = sentBy
    }

    /// The query's `name=value` pairs, percent-decoded, in order (`+` is a space).
    /// - Throws: `HTTPError` 400 for a malformed percent escape or invalid UTF-8.
    public func queryItems() throws(HTTPError) -> [(name: String, value: String)] {
        guard let query = head.query, !query.isEmpty else { return [] }
        // Split on the UTF-8 bytes `&` and `=` (ASCII, so every cut falls between
        // characters): no per-Character walk over the query.
        let utf8 = query.utf8
        var items: [(name: String, value: String)] = []
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start < end {
                let pair = utf8[start..<end]
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = pair[..<(equals ?? end)]
                let value = equals.map { pair[utf8.index(after: $0)...] } ?? pair[end...]
                guard let decodedName = PercentDecoding.decode(Substring(name), plusIsSpace: true),
                    let decodedValue = PercentDecoding.decode(Substring(value), plusIsSpace: true)
                else {
                    throw .badRequest(
                        "the query holds a malformed percent escape or invalid UTF-8 near '\(Substring(pair).prefix(40))'"
                    )
                }
                items.append((decodedName, decodedValue))
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return items
    }
}

/// Percent-decoding of URL components (RFC 3986).
public enum PercentDecoding {
    /// `text` with `%XX` escapes decoded (and `+` as a space when asked); nil for a
    /// malformed escape or bytes that are not UTF-8.
    public static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String? {
        if !text.utf8.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) {
            return String(text)  // nothing to decode; short values stay inline, unallocated
        }
        guard let bytes = decodeBytes(text, plusIsSpace: plusIsSpace) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The decoded bytes, or nil for a malformed escape.
    public static func decodeBytes(_ text: some StringProtocol, plusIsSpace: Bool = false) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else { return utf8 }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == 0x25 {
                guard index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2])
                else {
                    return nil
                }
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(plusIsSpace && byte == 0x2B ? 0x20 : byte)
                index += 1
            }
        }
        return result
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
