import CZlib

/// One zlib deflate stream in gzip format, reset for each body instead of being
/// set up again (a fresh deflateInit costs tens of microseconds). One per thread.
public final class Gzip {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 64 * 1024)

    /// A compressor at zlib `level` (1 fastest ... 9 smallest), with a history window
    /// of 2^`windowBits` bytes and zlib memory level `memoryLevel`. Small values suit
    /// small bodies: each reset clears a hash table of 2^(memoryLevel + 7) entries.
    public init(
        level: Int32 = 4, windowBits: Int32 = 15, memoryLevel: Int32 = 8, strategy: Int32 = Z_DEFAULT_STRATEGY
    ) {
        precondition(
            roster_deflate_init_gzip_strategy(&stream, level, windowBits, memoryLevel, strategy) == Z_OK,
            "zlib could not allocate a deflate stream")
    }

    deinit { deflateEnd(&stream) }

    /// `input` compressed as one gzip member.
    public func compress(_ input: [UInt8]) -> [UInt8] {
        deflateReset(&stream)
        var result: [UInt8] = []
        result.reserveCapacity(input.count / 3 + 64)
        input.withUnsafeBufferPointer { source in
            // zlib reads next_in without writing it (it is `z_const`); no copy is needed.
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            var status = Z_OK
            repeat {
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    status = deflate(&stream, Z_FINISH)
                    result.append(
                        contentsOf: UnsafeBufferPointer(
                            rebasing: target[0..<(target.count - Int(stream.avail_out))]))
                }
            } while status == Z_OK || status == Z_BUF_ERROR && stream.avail_out == 0
        }
        return result
    }

    /// True when an `Accept-Encoding` header value accepts gzip (a `q=0` refuses it).
    public static func isAccepted(byHeader value: String?) -> Bool {
        guard let value else { return false }
        // Fast path for the usual `gzip`, `gzip, deflate, br` without weights.
        if !value.contains(";") {
            return value.split(separator: ",").contains { element in
                let coding = element.trimmingHTTPWhitespace().lowercased()
                return coding == "gzip" || coding == "x-gzip" || coding == "*"
            }
        }
        return isAccepted(by: value.split(separator: ",").map { $0.trimmingHTTPWhitespace().lowercased() })
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
