/// Turns a file's bytes in its encoding into UTF-8, fed in chunks of any size
/// (a character split across chunks comes out whole), so that `CSVReader` always
/// reads UTF-8. UTF-8 passes through untouched (without a copy); UTF-16 (either
/// order; its BOM dropped; an unpaired surrogate becomes U+FFFD) and Windows-1252
/// are decoded into a buffer reused from chunk to chunk. `ascii` passes bytes
/// through until the first non-ASCII sequence, which decides the encoding of the
/// whole file (see `CSVTextEncoding`); `encoding` then says which it became.
public struct UTF8Transcoder: Sendable {
    /// The encoding read: as given, except that `ascii` becomes `utf8` or
    /// `windows1252` at the file's first non-ASCII sequence.
    public private(set) var encoding: CSVTextEncoding
    private var output: [UInt8] = []
    /// The start of a sequence not complete yet: UTF-16's odd byte, or in `ascii`
    /// the first non-ASCII sequence while it may still be UTF-8.
    private var pending: [UInt8] = []
    private var highSurrogate: UInt32?
    private var atStart = true

    public init(_ encoding: CSVTextEncoding) {
        self.encoding = encoding
    }

    /// Decodes `bytes`, calling `emit` with UTF-8 (possibly not at all, when the
    /// chunk ends inside a character).
    public mutating func feed(
        _ bytes: UnsafeRawBufferPointer, _ emit: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        switch encoding {
        case .utf8, .utf8WithBOM:
            if !bytes.isEmpty { try emit(bytes) }
        case .windows1252:
            output.removeAll(keepingCapacity: true)
            decode1252(bytes)
            try flush(emit)
        case .utf16LittleEndian, .utf16BigEndian:
            output.removeAll(keepingCapacity: true)
            decodeUTF16(bytes, bigEndian: encoding == .utf16BigEndian)
            try flush(emit)
        case .ascii:
            try feedASCII(bytes, emit)
        }
    }

    /// Ends the input: what a last unfinished sequence holds (U+FFFD for half a
    /// UTF-16 unit or a lone surrogate; Windows-1252 for a cut UTF-8 sequence in
    /// `ascii`).
    public mutating func finish(_ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        output.removeAll(keepingCapacity: true)
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            if highSurrogate != nil || !pending.isEmpty { output.appendUTF8(0xFFFD) }
        case .ascii where !pending.isEmpty:
            encoding = .windows1252
            for byte in pending { output.appendUTF8(Windows1252.scalar(byte)) }
        default:
            break
        }
        pending = []
        highSurrogate = nil
        try flush(emit)
    }

    private mutating func flush(_ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        if !output.isEmpty { try output.withUnsafeBytes { try emit($0) } }
    }

    private mutating func decode1252(_ bytes: UnsafeRawBufferPointer) {
        output.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes {
            if byte < 0x80 { output.append(byte) } else { output.appendUTF8(Windows1252.scalar(byte)) }
        }
    }

    private mutating func decodeUTF16(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) {
        output.reserveCapacity(bytes.count)
        var index = 0
        if let first = pending.first, !bytes.isEmpty {
            pending = []
            unit(bigEndian ? UInt32(first) << 8 | UInt32(bytes[0]) : UInt32(bytes[0]) << 8 | UInt32(first))
            index = 1
        }
        while index + 1 < bytes.count {
            let a = UInt32(bytes[index])
            let b = UInt32(bytes[index + 1])
            unit(bigEndian ? a << 8 | b : b << 8 | a)
            index += 2
        }
        if index < bytes.count { pending = [bytes[index]] }
    }

    private mutating func unit(_ value: UInt32) {
        if atStart {
            atStart = false
            if value == 0xFEFF { return }
        }
        if let high = highSurrogate {
            highSurrogate = nil
            if value >= 0xDC00 && value < 0xE000 {
                output.appendUTF8(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
                return
            }
            output.appendUTF8(0xFFFD)
        }
        if value >= 0xD800 && value < 0xDC00 {
            highSurrogate = value
        } else {
            output.appendUTF8(value)  // a lone low surrogate becomes U+FFFD there
        }
    }

    // MARK: - ASCII until decided

    private enum Decision { case utf8, windows1252, needMore }

    /// Whether the non-ASCII sequence `bytes` starts with is UTF-8.
    private static func decide<C: Collection<UInt8>>(_ bytes: C) -> Decision {
        var iterator = bytes.makeIterator()
        guard let lead = iterator.next() else { return .needMore }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xED: (length, high) = (3, 0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF4: (length, high) = (4, 0x8F)
        case 0xF1...0xF3: length = 4
        default: return .windows1252
        }
        for position in 1..<length {
            guard let byte = iterator.next() else { return .needMore }
            let (min, max) = position == 1 ? (low, high) : (0x80, 0xBF)
            if byte < min || byte > max { return .windows1252 }
        }
        return .utf8
    }

    private mutating func feedASCII(
        _ bytes: UnsafeRawBufferPointer, _ emit: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        if !pending.isEmpty {
            let combined = pending + bytes.prefix(4 - pending.count)
            switch Self.decide(combined) {
            case .needMore:
                pending = combined
            case .utf8:
                encoding = .utf8
                let held = pending
                pending = []
                try held.withUnsafeBytes { try emit($0) }
                if !bytes.isEmpty { try emit(bytes) }
            case .windows1252:
                encoding = .windows1252
                output.removeAll(keepingCapacity: true)
                for byte in pending { output.appendUTF8(Windows1252.scalar(byte)) }
                pending = []
                decode1252(bytes)
                try flush(emit)
            }
            return
        }
        var index = 0
        while index < bytes.count && bytes[index] < 0x80 { index += 1 }
        if index > 0 { try emit(UnsafeRawBufferPointer(rebasing: bytes[0..<index])) }
        guard index < bytes.count else { return }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
        switch Self.decide(rest.prefix(4)) {
        case .needMore:
            pending = Array(rest)
        case .utf8:
            encoding = .utf8
            try emit(rest)
        case .windows1252:
            encoding = .windows1252
            output.removeAll(keepingCapacity: true)
            decode1252(rest)
            try flush(emit)
        }
    }
}
