import Codecs

/// When an answer is sent gzip-compressed: what the request accepts, what the
/// body is, how large.
extension Gzip {
    /// Bodies smaller than this are sent as they are (README: "1 KB or more").
    public static let minimumSize = 1024

    /// True for media types that compress well (text, JSON, SVG, JavaScript).
    public static func suits(contentType type: String?) -> Bool {
        guard let type else { return false }
        return type.hasPrefix("text/") || type.hasPrefix("application/json") || type.hasPrefix("image/svg")
            || type.hasPrefix("application/javascript") || type.contains("+json")
    }

    /// True when an `Accept-Encoding` header value accepts gzip (a `q=0` refuses it).
    public static func isAccepted(byHeader value: String?) -> Bool {
        guard var value else { return false }
        // Fast path for the usual `gzip`, `gzip, deflate, br` without weights: one
        // pass over the bytes, no strings made.
        let fast: Bool? = value.withUTF8 { bytes in
            if bytes.contains(UInt8(ascii: ";")) { return nil }
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
                var low = start
                var high = end
                while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
                while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
                if isGzipCoding(UnsafeBufferPointer(rebasing: bytes[low..<high])) { return true }
                start = end + 1
            }
            return false
        }
        if let fast { return fast }
        return isAccepted(by: value.split(separator: ",").map { $0.trimmingHTTPWhitespace().lowercased() })
    }

    /// `gzip`, `x-gzip` or `*`, in any case.
    private static func isGzipCoding(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        if token.count == 1 { return token[0] == UInt8(ascii: "*") }
        let name =
            token.count == 6 && token[0] | 0x20 == UInt8(ascii: "x") && token[1] == UInt8(ascii: "-")
            ? UnsafeBufferPointer(rebasing: token[2...]) : token
        return name.count == 4 && zip(name, "gzip".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// True when the `Accept-Encoding` values accept gzip (a `q=0` refuses it).
    public static func isAccepted(by acceptEncoding: [String]) -> Bool {
        for element in acceptEncoding {
            let parts = element.split(separator: ";").map { $0.trimmingHTTPWhitespace() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else {
                continue
            }
            let quality =
                parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
        return false
    }
}
