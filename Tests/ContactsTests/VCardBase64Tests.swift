import TestSupport
import Testing

@testable import Contacts

/// PHOTO's base64 as `VCardEncodings.decodeBase64` reads it: whole groups four letters at a time,
/// the rest a byte at a time, both against a model of the rules (white space skipped anywhere,
/// padding optional, the URL-safe letters taken, nothing but white space or padding after
/// padding) on inputs that mix every case.
struct VCardBase64Tests {
    /// The rules, one byte at a time, as the decoder stated them before its fast path.
    static func model(_ bytes: [UInt8]) -> [UInt8]? {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var padded = false
        for byte in bytes {
            if [0x20, 0x09, 0x0D, 0x0A].contains(byte) { continue }
            if byte == UInt8(ascii: "=") {
                padded = true
                continue
            }
            let value =
                letters.firstIndex(of: byte)
                ?? (byte == UInt8(ascii: "-") ? 62 : byte == UInt8(ascii: "_") ? 63 : nil)
            guard let value, !padded else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { VCardEncodings.decodeBase64($0) }
    }

    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        VCardEncodings.encodeBase64(bytes, into: &out)
        return out
    }

    @Test func whatIsEncodedDecodesBackAtEveryLength() {
        var random = SeededGenerator(seed: 64)
        for count in Array(0...70) + [1_000, 30_001, 100_002] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let text = Self.encode(bytes)
            #expect(Self.decode(text) == bytes, "\(count) bytes")
            // Unpadded, folded at 74 with CRLF and a space, and in the URL-safe letters.
            let unpadded = Array(text.prefix { $0 != UInt8(ascii: "=") })
            #expect(Self.decode(unpadded) == bytes)
            var folded: [UInt8] = []
            for (index, byte) in text.enumerated() {
                if index > 0 && index % 74 == 0 { folded += [0x0D, 0x0A, 0x20] }
                folded.append(byte)
            }
            #expect(Self.decode(folded) == bytes)
            let urlSafe = text.map {
                $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0
            }
            #expect(Self.decode(urlSafe) == bytes)
        }
    }

    @Test func mixedInputsDecodeAsTheModelSays() {
        var random = SeededGenerator(seed: 46)
        let pieces: [[UInt8]] = [
            Array("QUJD".utf8), Array("ZGVm".utf8), Array("-_+/".utf8), Array("A".utf8), Array("=".utf8),
            Array("==".utf8), [0x20], [0x09], [0x0D, 0x0A], Array("@".utf8), [0x00], [0xFF], [0xC3, 0xA9],
            Array("!".utf8),
        ]
        var rejected = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            // Mostly letters, so that the four-at-a-time path runs before whatever comes.
            for _ in 0..<(random.next() % 12) {
                let piece =
                    random.next() % 4 == 0 ? pieces[Int(random.next() % UInt64(pieces.count))] : pieces[0]
                bytes += piece
            }
            let expected = Self.model(bytes)
            if expected == nil { rejected += 1 }
            #expect(
                Self.decode(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(rejected > 1_000 && rejected < 19_000, "both outcomes are exercised")
    }

    @Test func dataAfterPaddingAndStrayBytesAreRefused() {
        #expect(Self.decode(Array("QUJD".utf8)) == Array("ABC".utf8))
        #expect(Self.decode(Array("QUI=".utf8)) == Array("AB".utf8))
        #expect(Self.decode(Array("QUI=QUJD".utf8)) == nil)
        #expect(Self.decode(Array("QUJD QUJD".utf8)) == Array("ABCABC".utf8))
        #expect(Self.decode(Array("QUJDQ@JD".utf8)) == nil)
        #expect(Self.decode(Array("=".utf8)) == [])
        #expect(Self.decode([]) == [])
    }

    /// A `data:` URI's base64 (a vCard 4.0 PHOTO, a CSV photo column) goes through the same
    /// decoder: folded white space skipped, padding optional, a stray letter refused.
    @Test func aDataURIsBase64ReadsAsPHOTOsDoes() throws {
        let uri = try #require(PhotoIntake.dataURI("data:image/png;base64,iVBO\r\n Rw0K GgoA"))
        #expect(uri.mediaType == "image/png")
        #expect(uri.bytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00])
        #expect(PhotoIntake.dataURI("data:image/png;base64,iVBO*w0K") == nil)
        #expect(PhotoIntake.dataURI("data:image/png,iVBORw0K") == nil, "not base64")
        #expect(PhotoIntake.dataURI("https://example.org/a.png") == nil)
    }
}
