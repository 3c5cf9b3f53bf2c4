import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Answers a loop gave that it may give again, byte for byte but for the Date, to a
/// request whose head is the same bytes: a static file's answer depends on nothing
/// else until its copy is due to be checked against the disk (`Response.reusableUntil`).
/// A request found here skips the parser, the router, the handler and the writer:
/// its answer's head is copied, its Date line written over, and its body appended.
///
/// Keyed by the head's bytes as received (request line through the blank line);
/// at most `limit` answers (then it starts over), heads of at most `longestHead`
/// bytes. Used by one loop's thread only.
struct ReusableAnswers {
    /// One answer kept.
    struct Answer {
        /// The request head it answers, as received.
        var request: [UInt8]
        /// The response's head, with the Date line at `dateAt` (`dateLength` bytes).
        var head: [UInt8]
        var dateAt: Int
        /// The body (shared with the handler's copy), sent unless `sendsBody` is false (HEAD, 304).
        var body: [UInt8]
        var sendsBody: Bool
        /// Until when (monotonic ns) it may be given.
        var until: UInt64
        /// The route and status the observer is told of.
        var route: String
        var status: Int
    }

    static let limit = 256
    static let longestHead = 4096
    private static let headEnd: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    private var answers: [UInt64: Answer] = [:]

    var count: Int { answers.count }

    /// The answer kept for the request head `input` starts with, still valid at `now`,
    /// and the head's length; nil when none is (or `input` holds no whole head yet).
    mutating func find(_ input: UnsafeRawBufferPointer, now: UInt64) -> (answer: Answer, consumed: Int)? {
        guard !answers.isEmpty, let length = Self.headLength(input) else { return nil }
        let head = UnsafeRawBufferPointer(rebasing: input[0..<length])
        let key = Self.hash(head)
        guard let answer = answers[key] else { return nil }
        guard answer.until > now else {
            answers[key] = nil
            return nil
        }
        let same =
            answer.request.count == length
            && answer.request.withUnsafeBytes { memcmp($0.baseAddress!, head.baseAddress!, length) == 0 }
        return same ? (answer, length) : nil
    }

    /// Keeps `answer` for its request head (another head with the same hash is replaced).
    mutating func keep(_ answer: Answer) {
        guard answer.request.count <= Self.longestHead else { return }
        if answers.count >= Self.limit { answers.removeAll(keepingCapacity: true) }
        answers[answer.request.withUnsafeBytes(Self.hash)] = answer
    }

    /// Forgets every answer (the loop routes with another router).
    mutating func removeAll() {
        answers.removeAll()
    }

    /// `Date: <IMF-fixdate>\r\n`.
    static let dateLength = 37

    /// The length of the head `input` starts with (through its blank line), if whole
    /// within `limit` bytes.
    static func headLength(_ input: UnsafeRawBufferPointer, limit: Int = longestHead) -> Int? {
        let searched = min(input.count, limit)
        guard searched >= 4, let base = input.baseAddress,
            let found = headEnd.withUnsafeBytes({ roster_memmem(base, searched, $0.baseAddress!, 4) })
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found)) + 4
    }

    /// Where `line` is in `bytes`, if it is.
    static func offset(of line: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, !line.isEmpty,
            let found = line.withUnsafeBytes({ roster_memmem(base, bytes.count, $0.baseAddress!, line.count) }
            )
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// FNV-1a over 8-byte words (then the tail's bytes), with the length mixed in.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 29
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
            index += 1
        }
        return hash
    }
}
