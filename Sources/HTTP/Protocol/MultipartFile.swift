/// Pulls the first file out of a `multipart/form-data` body as it streams by
/// (RFC 7578): the bytes of the first part that has a `filename` or is the field
/// named `file` (as `curl -F 'file=<people.csv'` sends it, without a filename),
/// nothing else, never holding more than a delimiter's length of the body.
public struct MultipartFile: Sendable {
    private enum State: Sendable {
        case preamble, partHeaders, fileBody, skipPart, done
    }

    private let delimiter: [UInt8]  // CRLF "--" boundary
    private var state = State.preamble
    private var buffer: [UInt8] = [0x0D, 0x0A]  // the body starts as if after a line end
    private var headers: [UInt8] = []

    /// The boundary from a `Content-Type: multipart/form-data; boundary=...` value, or nil.
    public static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.trimmingHTTPWhitespace()
            guard pair.lowercased().hasPrefix("boundary=") else { continue }
            var value = Substring(pair.dropFirst(9))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            return value.isEmpty || value.count > 70 ? nil : String(value)
        }
        return nil
    }

    /// An extractor for parts separated by `boundary`.
    public init(boundary: String) {
        delimiter = [0x0D, 0x0A, 0x2D, 0x2D] + Array(boundary.utf8)
    }

    /// Feeds body bytes; `emit` receives the file's bytes.
    public mutating func feed(
        _ bytes: UnsafeRawBufferPointer, _ emit: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        buffer.append(contentsOf: bytes)
        try drain(emit)
    }

    private mutating func drain(_ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        while true {
            switch state {
            case .done:
                buffer.removeAll()
                return
            case .preamble, .skipPart, .fileBody:
                guard let at = find(delimiter, in: buffer) else {
                    // Keep what could be the start of a delimiter; the rest is settled.
                    let keep = min(buffer.count, delimiter.count - 1)
                    if state == .fileBody && buffer.count > keep {
                        try buffer[0..<(buffer.count - keep)].withUnsafeBytes { try emit($0) }
                    }
                    buffer.removeFirst(buffer.count - keep)
                    return
                }
                if state == .fileBody {
                    try buffer[0..<at].withUnsafeBytes { try emit($0) }
                    state = .done
                    continue
                }
                buffer.removeFirst(at + delimiter.count)
                state = .partHeaders
                headers.removeAll()
            case .partHeaders:
                guard let end = find([0x0D, 0x0A, 0x0D, 0x0A], in: buffer) else {
                    if buffer.count > 16 * 1024 { state = .done }  // not multipart after all
                    return
                }
                let text = String(decoding: buffer[0..<end], as: UTF8.self).lowercased()
                buffer.removeFirst(end + 4)
                if text.hasPrefix("--") {
                    state = .done  // the closing delimiter: no file part
                } else {
                    state = Self.isFile(partHeaders: text) ? .fileBody : .skipPart
                }
            }
        }
    }

    /// Whether a part's headers (lowercased) mark the file: its Content-Disposition
    /// has a `filename` (or `filename*`) parameter or names the field `file`.
    static func isFile(partHeaders: String) -> Bool {
        let lines = partHeaders.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" })
        for line in lines where line.hasPrefix("content-disposition:") {
            for parameter in line.dropFirst(20).split(separator: ";").dropFirst() {
                let pair = parameter.trimmingHTTPWhitespace()
                if pair.hasPrefix("filename=") || pair.hasPrefix("filename*=") { return true }
                if pair == "name=file" || pair == "name=\"file\"" { return true }
            }
        }
        return false
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count, let first = needle.first else { return nil }
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
