import CZlib

/// One zlib deflate stream in gzip format, reset for each body instead of being
/// set up again (a fresh deflateInit costs tens of microseconds). One per thread.
public final class Gzip {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    /// A compressor at zlib `level` (1 fastest ... 9 smallest), with a history window
    /// of 2^`windowBits` bytes and zlib memory level `memoryLevel`. Small values suit
    /// small bodies: each reset clears a hash table of 2^(memoryLevel + 7) entries.
    public init(level: Int32 = 4, windowBits: Int32 = 15, memoryLevel: Int32 = 8) {
        precondition(
            roster_deflate_init_gzip_strategy(&stream, level, windowBits, memoryLevel, Z_DEFAULT_STRATEGY)
                == Z_OK,
            "zlib could not allocate a deflate stream")
    }

    deinit { deflateEnd(&stream) }

    /// `input` compressed as one gzip member.
    public func compress(_ input: [UInt8]) -> [UInt8] {
        deflateReset(&stream)
        return deflate(input, flush: Z_FINISH)
    }

    /// What the stream gives out for `input` with `flush`: `Z_NO_FLUSH` keeps the
    /// member open for more (zlib may hold a little back), `Z_FINISH` ends it.
    func deflate(_ input: [UInt8], flush: Int32) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(input.count / 3 + 64)
        input.withUnsafeBufferPointer { source in
            // zlib reads next_in without writing it (it is `z_const`); no copy is needed.
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            // Until zlib has taken all the input and stopped short of filling the output.
            repeat {
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    _ = CZlib.deflate(&stream, flush)
                    result.append(
                        contentsOf: UnsafeBufferPointer(
                            rebasing: target[0..<(target.count - Int(stream.avail_out))]))
                }
            } while stream.avail_out == 0 || stream.avail_in > 0
        }
        return result
    }

    /// Bodies smaller than this are sent as they are (API.md: "1 KB or more").
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
