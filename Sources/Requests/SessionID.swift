import CLinux
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A session's name: 128 random bits, written as 22 base64url characters.
///
/// The store keys sessions by the bits, not the text: a plain value hashes and
/// moves without reference counting, which matters when every sessionless
/// request adds one session and evicts another.
public struct SessionID: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    /// A new unguessable id from the system's CSPRNG.
    public static func random() -> SessionID {
        let (high, low) = randomPool.withLock { $0.next128() }
        return SessionID(high: high, low: low)
    }

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The id `text` names; nil unless it is 22 base64url characters that `text`
    /// (the property) would write, so each id has exactly one spelling.
    public init?(_ text: some StringProtocol) {
        var words: (UInt64, UInt64) = (0, 0)
        var count = 0
        for byte in text.utf8 {
            guard count < 22, let value = Self.value(of: byte) else { return nil }
            let shift = UInt64(6 * (count % 11))
            // The 11th character of each half carries its top 4 bits only.
            guard count % 11 < 10 || value < 16 else { return nil }
            if count < 11 { words.0 |= UInt64(value) << shift } else { words.1 |= UInt64(value) << shift }
            count += 1
        }
        guard count == 22 else { return nil }
        self.init(high: words.0, low: words.1)
    }

    /// The 22-character spelling clients send back.
    public var text: String {
        Self.alphabet.withUTF8Buffer { alphabet in
            String(unsafeUninitializedCapacity: 22) { id in
                var (high, low) = (high, low)
                for index in 0..<22 {
                    if index < 11 {
                        id[index] = alphabet[Int(high & 63)]
                        high >>= 6
                    } else {
                        id[index] = alphabet[Int(low & 63)]
                        low >>= 6
                    }
                }
                return 22
            }
        }
    }

    private static let alphabet: StaticString =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    /// A base64url character's 6-bit value.
    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case 0x41...0x5A: byte - 0x41
        case 0x61...0x7A: byte - 0x61 + 26
        case 0x30...0x39: byte - 0x30 + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// True for the bytes a session id is made of (base64url).
    public static func isIDByte(_ byte: UInt8) -> Bool { value(of: byte) != nil }

    /// Random bits from the system's CSPRNG, fetched 4 KiB at a time: one system
    /// call per 256 session ids instead of two per id.
    private struct RandomPool: ~Copyable {
        var words = [UInt64](repeating: 0, count: 512)
        var next = 512

        mutating func next128() -> (UInt64, UInt64) {
            if next + 2 > words.count {
                let filled = words.withUnsafeMutableBytes { System.random($0) }
                if !filled {
                    // No getrandom (an old kernel, a seccomp filter): the standard library's source.
                    var generator = SystemRandomNumberGenerator()
                    for index in words.indices { words[index] = generator.next() }
                }
                next = 0
            }
            defer { next += 2 }
            return (words[next], words[next + 1])
        }
    }

    private static let randomPool = Mutex(RandomPool())
}
