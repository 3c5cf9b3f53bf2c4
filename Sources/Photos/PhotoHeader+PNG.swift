import CZlib

/// PNG's size from IHDR, when every chunk before the first IDAT is one libpng 1.6 reads without
/// error (`png_read_info` as libvips 8.14's PNG loader calls it: pngread.c, pngrutil.c's
/// handlers, png.c's `png_check_IHDR`). Ancillary chunks only ever warn there once IHDR is first
/// and their CRC holds; critical ones other than PLTE, and a PLTE out of the rules, go to libvips.
extension PhotoHeader {
    static func pngSize(_ bytes: [UInt8]) -> Size? {
        var index = 8  // after the signature, which `PhotoFormat.sniff` found
        var size: Size?
        var colorType: UInt8 = 0
        var paletteSeen = false
        while index + 12 <= bytes.count {
            let length = bigEndian32(bytes, index)
            let type = Array(bytes[(index + 4)..<(index + 8)])
            let data = index + 8
            // `png_get_uint_31`, `png_check_chunk_name` (letters only), and a CRC that holds (one
            // that does not is an error for a critical chunk).
            guard length < 0x8000_0000, data + length + 4 <= bytes.count,
                type.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }),
                crcHolds(bytes, from: index + 4, count: 4 + length)
            else { return nil }
            switch type {
            case Array("IHDR".utf8):
                // First and once (`png_handle_IHDR`: "out of place", "invalid").
                guard index == 8, length == 13, let header = pngHeader(bytes, data) else { return nil }
                (size, colorType) = header
            case Array("IDAT".utf8):
                // A palette image needs its PLTE first ("Missing PLTE before IDAT").
                guard colorType != 3 || paletteSeen else { return nil }
                return size
            case Array("PLTE".utf8):
                // Once, in a colour image, 1...256 entries ("duplicate", "invalid"); libpng only
                // warns about one in a grey image, but that is no ordinary file.
                guard size != nil, !paletteSeen, [2, 3, 6].contains(colorType), length > 0, length % 3 == 0,
                    length <= 3 * 256
                else { return nil }
                paletteSeen = true
            default:
                // Ancillary (lowercase first letter) after IHDR; IEND before IDAT, a second IHDR and
                // unknown critical chunks are errors.
                guard size != nil, type[0] & 0x20 != 0 else { return nil }
            }
            index = data + length + 4
        }
        return nil
    }

    /// IHDR's size and colour type when `png_check_IHDR` takes it: sides 1...65,500 (libpng's
    /// own bound is libvips' 10,000,000), a bit depth and colour type that go together,
    /// compression and filter method 0, interlace 0 or 1.
    private static func pngHeader(_ bytes: [UInt8], _ at: Int) -> (Size, UInt8)? {
        let width = bigEndian32(bytes, at)
        let height = bigEndian32(bytes, at + 4)
        let depth = bytes[at + 8]
        let colorType = bytes[at + 9]
        let depths: [UInt8] =
            switch colorType {
            case 0: [1, 2, 4, 8, 16]
            case 3: [1, 2, 4, 8]
            case 2, 4, 6: [8, 16]
            default: []
            }
        guard (1...maxSide).contains(width), (1...maxSide).contains(height), depths.contains(depth),
            bytes[at + 10] == 0, bytes[at + 11] == 0, bytes[at + 12] <= 1
        else { return nil }
        return (Size(width: width, height: height), colorType)
    }

    /// Whether the CRC after `count` bytes from `from` (a chunk's type and data) is theirs.
    private static func crcHolds(_ bytes: [UInt8], from: Int, count: Int) -> Bool {
        let computed = bytes.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress! + from, UInt32(count))
        }
        return computed == UInt(bigEndian32(bytes, from + count))
    }
}
