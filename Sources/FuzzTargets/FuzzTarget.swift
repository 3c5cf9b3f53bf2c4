/// The fuzz targets of Roster, each a function of arbitrary bytes that checks
/// properties of the code under test and throws `FuzzFailure` when one does not
/// hold (a crash inside the code under test stays a crash).
///
/// libFuzzer allows one `LLVMFuzzerTestOneInput` per binary, so there is one
/// binary, `roster-fuzz`, whose entry point runs the target named by the
/// `ROSTER_FUZZ_TARGET` environment variable (read once); `scripts/fuzz` sets it
/// per run. The seed corpus of a target is `Tests/fuzz/<name>`, and the test suite
/// (FuzzTargetTests) runs every file there through `run(_:)`, so each crash found
/// and added there stays a regression test.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The HTTP request parser, from the request line on: the same events however
    /// the bytes arrive, and heads that obey the framing rules.
    case parser
    /// The parser's chunked decoder: the input is a chunked body after a fixed
    /// head. Same result in pieces, the same body as a plain reference decoder,
    /// and the input itself re-encoded as chunks always decodes back.
    case chunked
    /// The query string (`Request.queryItems()`) and `GET /window`'s strict
    /// parameters (`WindowQuery`), against an independent statement of the rules.
    case query
    /// The streaming CSV reader: the same rows whole, in pieces and byte by byte;
    /// records written back by `CSVWriter` read back the same.
    case csv
    /// The streaming vCard reader: the same cards and errors whole, in pieces and
    /// byte by byte; every card written back by `VCardWriter` (3.0 and 4.0) reads
    /// back the same.
    case vcard
    /// Photo bodies: `PhotoInspection` refuses or accepts every input with the limits it
    /// states, as libvips alone would, and a thumbnail of what it accepts is a JPEG of the size asked.
    case photo

    /// The environment variable naming the target of a `roster-fuzz` run.
    public static let environmentVariable = "ROSTER_FUZZ_TARGET"

    /// Runs the target over `bytes`.
    /// - Throws: `FuzzFailure` when a property does not hold.
    public func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .parser: try ParserTarget.run(bytes)
        case .chunked: try ChunkedTarget.run(bytes)
        case .query: try QueryTarget.run(bytes)
        case .csv: try CSVTarget.run(bytes)
        case .vcard: try VCardTarget.run(bytes)
        case .photo: try PhotoTarget.run(bytes)
        }
    }
}

/// A property of a fuzz target that did not hold, and why.
public struct FuzzFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the values involved.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Throws `FuzzFailure(message)` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message()) }
}

/// Deterministic randomness derived from the input, so that a reproducer replays
/// exactly (SplitMix64 seeded with the input's FNV-1a hash).
struct InputRandom {
    private var state: UInt64

    init(_ bytes: [UInt8], salt: UInt64 = 0) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ salt
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        state = hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// Cuts `0..<count` into consecutive ranges of `sizes` bytes each (empty ones
    /// included when the range allows 0).
    mutating func pieces(of count: Int, sizes: ClosedRange<Int>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < count {
            let end = min(count, start + next(in: sizes))
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}

extension Array where Element == UInt8 {
    /// The bytes as text for failure messages: printable ASCII as is, the rest escaped.
    var debugText: String {
        var text = ""
        for byte in prefix(400) {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text += String(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return count > 400 ? text + "... (\(count) bytes)" : text
    }
}
