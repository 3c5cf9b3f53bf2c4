import TestSupport
import Testing

@testable import Photos

/// Sizes read from the bytes (`PhotoHeader`) against libvips' header read: the same size for
/// ordinary files, which never reach libvips (an import's photo is inspected in microseconds,
/// not the tenths of a millisecond libvips takes), and the same inspection, refusal or not, for
/// every header the rules leave to libvips or that is damaged a byte at a time.
@Suite struct PhotoHeaderTests {
    static let jpegs = [
        ("im = Image.new('RGB', (120, 90), (200, 30, 10))", "quality=85"),
        ("im = Image.effect_noise((64, 48), 30).convert('L')", ""),
        ("im = Image.new('CMYK', (33, 17), (0, 50, 100, 0))", ""),
        ("im = Image.effect_noise((320, 200), 30).convert('RGB')", "quality=70, progressive=True"),
        ("im = Image.new('RGB', (17, 300), (1, 2, 3))", "subsampling=0, optimize=True"),
        (
            "im = Image.new('RGB', (640, 480), (9, 9, 9))\nexif = Image.Exif(); exif[0x0112] = 6",
            "exif=exif.tobytes(), icc_profile=b'\\x00' * 3000"
        ),
    ]

    static let pngs = [
        "im = Image.new('1', (31, 7))",
        "im = Image.effect_noise((64, 48), 30).convert('L')",
        "im = Image.effect_noise((64, 48), 30).convert('P')",
        "im = Image.new('P', (20, 20)); im.info['transparency'] = 0",
        "im = Image.new('LA', (50, 40), (10, 128))",
        "im = Image.new('RGB', (300, 1), (1, 2, 3))",
        "im = Image.new('RGBA', (64, 64), (10, 200, 30, 128))",
        "im = Image.new('I;16', (12, 12))",
        "im = Image.new('RGB', (8, 8)); im.info['icc_profile'] = b'\\x00' * 500",
    ]

    static func jpeg(_ index: Int) throws -> [UInt8] {
        try PillowOracle.image(jpegs[index].0, format: "JPEG", options: jpegs[index].1)
    }

    static func png(_ index: Int) throws -> [UInt8] {
        try PillowOracle.image(pngs[index], format: "PNG")
    }

    @Test(arguments: 0..<jpegs.count)
    func anOrdinaryJPEGIsReadFromItsStructure(index: Int) throws {
        try expectReadFromStructure(try Self.jpeg(index), as: .jpeg)
    }

    @Test(arguments: 0..<pngs.count)
    func anOrdinaryPNGIsReadFromItsStructure(index: Int) throws {
        try expectReadFromStructure(try Self.png(index), as: .png)
    }

    private func expectReadFromStructure(_ bytes: [UInt8], as format: PhotoFormat) throws {
        let size = try #require(PhotoHeader.size(of: bytes, as: format))
        let byLibvips = try PhotoInspection.inspect(bytes, reading: .libvips).get()
        #expect(size == PhotoHeader.Size(width: byLibvips.width, height: byLibvips.height))
        #expect(PhotoInspection.inspect(bytes) == .success(byLibvips))
    }

    /// Headers libjpeg and libpng refuse, or that are out of the ordinary, are libvips' to judge.
    @Test func unusualHeadersAreLeftToLibvips() throws {
        let jpeg = try Self.jpeg(0)
        let sof = try #require(Self.segment(0xC0, in: jpeg))
        var variants: [[UInt8]] = []
        for marker: UInt8 in [0xC3, 0xC9, 0xCF] {  // lossless, arithmetic, reserved frames
            variants.append(Self.replacing(jpeg, at: sof + 1, with: marker))
        }
        variants.append(Self.replacing(jpeg, at: sof + 4, with: 12))  // 12-bit samples
        // Height 0.
        variants.append(Self.replacing(Self.replacing(jpeg, at: sof + 5, with: 0), at: sof + 6, with: 0))
        variants.append(Self.replacing(jpeg, at: sof + 11, with: 0x51))  // sampling factor 5
        let dqt = try #require(Self.segment(0xDB, in: jpeg))
        variants.append(Self.replacing(jpeg, at: dqt + 4, with: 0x04))  // table 4
        let dht = try #require(Self.segment(0xC4, in: jpeg))
        variants.append(Self.replacing(jpeg, at: dht + 4, with: 0x20))  // class 2
        variants.append([0xFF, 0xD8, 0xFF, 0xD9])  // tables-only: no frame, no scan
        for bytes in variants {
            #expect(PhotoHeader.size(of: bytes, as: .jpeg) == nil, "\(bytes.prefix(40))")
            #expect(PhotoInspection.inspect(bytes) == PhotoInspection.inspect(bytes, reading: .libvips))
        }

        let png = try Self.png(6)
        var pngVariants = [
            Self.withChunk("CRIT", [1, 2, 3], in: png),  // an unknown critical chunk
            Self.withChunk("IEND", [], in: png),  // IEND before IDAT
            Self.replacingChunkData(png, at: 8, offset: 8, with: 3),  // RGBA of bit depth 3
            Self.replacingChunkData(png, at: 8, offset: 9, with: 3),  // a palette image with no PLTE
            Self.replacing(png, at: 29, with: png[29] ^ 1),  // IHDR's CRC broken
        ]
        pngVariants.append(Self.replacingChunkData(png, at: 8, offset: 3, with: 0))  // width 0
        for bytes in pngVariants {
            #expect(PhotoHeader.size(of: bytes, as: .png) == nil, "\(bytes.prefix(40))")
            #expect(PhotoInspection.inspect(bytes) == PhotoInspection.inspect(bytes, reading: .libvips))
        }
    }

    /// Every byte of the header, damaged in turn, inspects as libvips alone would inspect it: a
    /// rule looser than libjpeg's or libpng's would show here as an acceptance libvips refuses.
    /// The bytes that hold the size and the layout (JPEG's segment markers and lengths, its frame
    /// and scan headers; PNG's chunk lengths and types, IHDR) take every value; the others a few.
    @Test(arguments: [("jpeg", 0), ("jpeg", 2), ("jpeg", 3), ("png", 1), ("png", 3), ("png", 6)])
    func everyHeaderByteDamagedInspectsAsByLibvips(format: String, index: Int) throws {
        let bytes = format == "jpeg" ? try Self.jpeg(index) : try Self.png(index)
        let end =
            format == "jpeg"
            ? try #require(Self.segmentEnd(0xDA, in: bytes)) : try #require(Self.idatEnd(bytes))
        let layout = format == "jpeg" ? Self.jpegLayoutBytes(bytes) : Self.pngLayoutBytes(bytes)
        for at in 2..<end {
            let byte = bytes[at]
            let values =
                layout.contains(at)
                ? Set((0...255).map(UInt8.init))
                : Set([0x00, 0xFF, byte ^ 0x01, byte ^ 0x10, byte &+ 1, byte &- 1])
            for value in values {
                var variants = [Self.replacing(bytes, at: at, with: value)]
                if format == "png", let fixed = Self.withCRCFixed(variants[0], around: at) {
                    variants.append(fixed)
                }
                for variant in variants {
                    let inspection = PhotoInspection.inspect(variant)
                    let byLibvips = PhotoInspection.inspect(variant, reading: .libvips)
                    #expect(inspection == byLibvips, "\(format) \(index): byte \(at) as \(value)")
                    if inspection != byLibvips { return }
                }
            }
        }
    }

    // MARK: - Bytes

    static func replacing(_ bytes: [UInt8], at index: Int, with value: UInt8) -> [UInt8] {
        var copy = bytes
        copy[index] = value
        return copy
    }

    /// The offset of the first JPEG segment with `marker` (its 0xFF).
    static func segment(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            if bytes[index + 1] == marker { return index }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return nil
    }

    static func segmentEnd(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        segment(marker, in: bytes).map { $0 + 2 + (Int(bytes[$0 + 2]) << 8 | Int(bytes[$0 + 3])) }
    }

    /// Each segment's marker and length, and the frame and scan headers whole.
    static func jpegLayoutBytes(_ bytes: [UInt8]) -> Set<Int> {
        var layout = Set<Int>()
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let end = index + 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
            let whole = [0xC0, 0xC1, 0xC2, 0xDA].contains(bytes[index + 1])
            layout.formUnion(index..<(whole ? end : index + 4))
            if bytes[index + 1] == 0xDA { break }
            index = end
        }
        return layout
    }

    /// Each chunk's length and type, and IHDR whole.
    static func pngLayoutBytes(_ bytes: [UInt8]) -> Set<Int> {
        var layout = Set(8..<33)
        for chunk in chunks(bytes) { layout.formUnion(chunk..<(chunk + 8)) }
        return layout
    }

    /// The PNG chunks' offsets (each its length field), in order.
    static func chunks(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var index = 8
        while index + 12 <= bytes.count {
            offsets.append(index)
            index += 12 + PhotoHeader.bigEndian32(bytes, index)
        }
        return offsets
    }

    static func idatEnd(_ bytes: [UInt8]) -> Int? {
        chunks(bytes).first { bytes[($0 + 4)..<($0 + 8)].elementsEqual("IDAT".utf8) }.map { $0 + 8 }
    }

    /// `bytes` with a chunk of `type` and `data` (its CRC right) just after IHDR.
    static func withChunk(_ type: String, _ data: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let chunk = be32(data.count) + body + be32(Int(crc32(body)))
        return Array(bytes[0..<33]) + chunk + Array(bytes[33...])
    }

    /// `bytes` with the data byte `offset` of the chunk at `at` replaced and its CRC made right.
    static func replacingChunkData(_ bytes: [UInt8], at chunk: Int, offset: Int, with value: UInt8) -> [UInt8]
    {
        withCRCFixed(replacing(bytes, at: chunk + 8 + offset, with: value), around: chunk + 8 + offset)!
    }

    /// `bytes` with the CRC of the chunk holding byte `index` in its type or data made right.
    static func withCRCFixed(_ bytes: [UInt8], around index: Int) -> [UInt8]? {
        guard let chunk = chunks(bytes).last(where: { $0 + 4 <= index }) else { return nil }
        let end = chunk + 8 + PhotoHeader.bigEndian32(bytes, chunk)
        guard index < end, end + 4 <= bytes.count else { return nil }
        var copy = bytes
        copy.replaceSubrange(end..<(end + 4), with: be32(Int(crc32(Array(bytes[(chunk + 4)..<end])))))
        return copy
    }

    static func be32(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// CRC-32 as PNG computes it (ISO 3309), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
