import CIsal
import Codecs
import TestSupport
import Testing

/// Each compressor's output decodes back to its input with another decoder (zlib's
/// inflate, ZSTD_decompress), whatever the body, with its context reused.
struct CompressionTests {
    /// Bodies of the shapes answers have: empty, tiny, text, JSON-like, random bytes, large.
    static func bodies() -> [[UInt8]] {
        var random = SeededGenerator(seed: 9)
        let json = (0..<300).map { #"{"slot":\#($0),"kind":"contact","html":"<p>Ann \#($0 * 7919)</p>"}"# }
        return [
            [], [0x41], Array("roster".utf8), Array(String(repeating: "roster ", count: 2000).utf8),
            Array(json.joined(separator: ",").utf8),
            (0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) },
            (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 31 ^ ($0 >> 7)) },
        ]
    }

    /// Every body, twice over one reused compressor: a gzip member zlib reads back.
    static func expectGzipRoundTrips(_ name: String, _ compress: ([UInt8]) -> [UInt8]) {
        for body in bodies() + bodies() {
            let compressed = compress(body)
            #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b], "a gzip member")
            #expect(gunzip(compressed) == body, "\(body.count) bytes through \(name)")
        }
    }

    @Test(arguments: [Int32(1), 6, 12])
    func libdeflateGzipRoundTrips(level: Int32) throws {
        let deflate = Deflate(level: level)
        Self.expectGzipRoundTrips("libdeflate \(level)") { deflate.compress($0) }
    }

    @Test(arguments: [Int32(0), 1, 2, 3])
    func igzipGzipRoundTrips(level: Int32) throws {
        let igzip = Igzip(level: level)
        Self.expectGzipRoundTrips("igzip \(level)") { igzip.compress($0) }
    }

    @Test(arguments: [Int32(-5), -1, 1, 3, 19])
    func zstdRoundTrips(level: Int32) throws {
        let zstd = Zstd(level: level)
        for body in Self.bodies() + Self.bodies() {
            let compressed = zstd.compress(body)
            #expect(Array(compressed.prefix(4)) == [0x28, 0xb5, 0x2f, 0xfd], "a zstd frame")
            #expect(unzstd(compressed) == body, "\(body.count) bytes at level \(level)")
        }
    }

    @Test func theEncoderMakesEachCoding() {
        let encoder = ContentEncoder()
        let body = Array(String(repeating: "{\"name\":\"Ann Lee\"},", count: 400).utf8)
        #expect(encoder.encode(body, as: .identity) == body)
        let zipped = encoder.encode(body, as: .gzip)
        let zstd = encoder.encode(body, as: .zstd)
        #expect(gunzip(zipped) == body && unzstd(zstd) == body)
        #expect(zipped.count < body.count / 10 && zstd.count < body.count / 10)
        #expect(encoder.gzip == ContentEncoder.dynamicLevels.gzip)
        // igzip 0 for a body of `smallBody` bytes or more, igzip 1 below (its bytes).
        let short = Array(body.prefix(ContentEncoder.smallBody - 1))
        let long = Array(String(repeating: "{\"name\":\"Ann Lee\"},", count: 800).utf8)
        #expect(long.count >= ContentEncoder.smallBody)
        #expect(encoder.encode(short, as: .gzip) == Igzip(level: 1).compress(short))
        #expect(encoder.encode(long, as: .gzip) == Igzip(level: 0).compress(long))
        #expect(Igzip(level: 0).compress(short) != Igzip(level: 1).compress(short), "the levels differ here")
        #expect(encoder.zstd.level == ContentEncoder.dynamicLevels.zstd)
    }

    /// A compressor makes the same bytes of a body whatever memory it was given: the
    /// allocator hands back blocks of the stream's and the level buffer's sizes dirtied here.
    @Test(arguments: [Int32(0), 1, 2, 3])
    func igzipMakesTheSameBytesFromDirtiedMemory(level: Int32) {
        let body = Array(String(repeating: "{\"name\":\"Ann Lee\"},", count: 300).utf8)
        let expected = Igzip(level: level).compress(body)
        for _ in 0..<20 {
            for size in [
                MemoryLayout<isal_zstream>.size, Int(roster_igzip_level_buffer_size(level)),
            ] {
                let dirty = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
                dirty.initializeMemory(as: UInt8.self, repeating: 0xA5)
                dirty.deallocate()
            }
            #expect(Igzip(level: level).compress(body) == expected)
        }
    }

    @Test func compressibleTypes() {
        for type in [
            "text/html; charset=utf-8", "application/json", "image/svg+xml", "application/problem+json",
        ] {
            #expect(ContentCoding.suits(contentType: type), "\(type)")
        }
        for type in ["image/png", "font/woff2", "application/octet-stream"] {
            #expect(!ContentCoding.suits(contentType: type), "\(type)")
        }
        #expect(!ContentCoding.suits(contentType: nil))
    }
}

/// The stream compressors: pieces in, one gzip member or zstd frame out, the same
/// bytes back whatever the pieces.
struct StreamCompressionTests {
    @Test func piecesMakeOneMemberOrFrame() throws {
        let pieces = (0..<40).map { index in
            Array((0..<(index * 97 % 700)).map { "\($0 * index),Ann,Lee\r\n" }.joined().utf8)
        }
        let whole = pieces.flatMap { $0 }
        for compressor in [Gzip(level: 1), ZstdStream(level: 1)] as [any StreamCompressor] {
            var out: [UInt8] = []
            for piece in pieces { out += compressor.compress(piece: piece, last: false) }
            out += compressor.compress(piece: [], last: true)
            let back = compressor is Gzip ? gunzip(out) : unzstd(out)
            #expect(back == whole, "\(type(of: compressor))")
            #expect(out.count < whole.count / 4)
        }
    }
}
