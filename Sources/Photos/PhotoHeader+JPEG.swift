/// JPEG's size from its frame header (SOF), when every marker segment before the first scan is
/// one libjpeg-turbo 2.1 reads without error (`jpeg_read_header` as libvips 8.14's JPEG loader
/// calls it: jdmarker.c's `read_markers`, jdinput.c's `initial_setup`). The segments are
/// contiguous here (`PhotoStructure` walked them); the width and height are the frame's, as libvips
/// reports them for a header read (no EXIF rotation).
extension PhotoHeader {
    static func jpegSize(_ bytes: [UInt8]) -> Size? {
        var index = 2  // after SOI, which `PhotoFormat.sniff` found
        var frame: (size: Size, components: [UInt8])?
        while index + 4 <= bytes.count {
            // No fill bytes, no garbage (libjpeg skips both with a warning): libvips decides.
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = bigEndian16(bytes, index + 2)
            let end = index + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            let body = (index + 4)..<end
            switch marker {
            case 0xE0...0xEF, 0xFE:  // APPn, COM: skipped or saved
                guard marker != 0xE0 || jfifVersionIsOne(bytes, body) else { return nil }
            case 0xDB:  // DQT
                guard quantizationTablesFill(bytes, body) else { return nil }
            case 0xC4:  // DHT
                guard huffmanTablesFill(bytes, body) else { return nil }
            case 0xDD:  // DRI: `length != 4` is JERR_BAD_LENGTH
                guard length == 4 else { return nil }
            case 0xC0, 0xC1, 0xC2:  // baseline, extended and progressive Huffman frames
                guard frame == nil, let read = jpegFrame(bytes, body) else { return nil }
                frame = read
            case 0xDA:  // SOS: the header ends here
                guard let frame, scanNamesFrameComponents(bytes, body, frame.components) else { return nil }
                return frame.size
            default:
                // Arithmetic and lossless frames, DAC, DNL, restart and reserved markers, a second
                // SOI, EOI before any scan: rare, and some are libjpeg's errors.
                return nil
            }
            index = end
        }
        return nil
    }

    /// An APP0 that starts with "JFIF\0" and holds its 14 bytes says major version 1: another is
    /// a warning (`JWRN_JFIF_MAJOR`), and libvips fails on the hundredth.
    private static func jfifVersionIsOne(_ bytes: [UInt8], _ body: Range<Int>) -> Bool {
        guard body.count >= 14, bytes[body].starts(with: [0x4A, 0x46, 0x49, 0x46, 0x00]) else { return true }
        return bytes[body.lowerBound + 5] == 1
    }

    /// DQT: tables of 1 + 64 or 1 + 128 bytes (precision 0 or 1, table 0...3) that fill the
    /// segment exactly (`get_dqt`: JERR_DQT_INDEX, JERR_BAD_LENGTH).
    private static func quantizationTablesFill(_ bytes: [UInt8], _ body: Range<Int>) -> Bool {
        var index = body.lowerBound
        while index < body.upperBound {
            let precision = bytes[index] >> 4
            guard precision <= 1, bytes[index] & 0x0F < 4 else { return false }
            index += 1 + 64 * (precision == 0 ? 1 : 2)
        }
        return index == body.upperBound
    }

    /// DHT: tables of class 0 or 1 and number 0...3, each 1 + 16 counts + at most 256 values,
    /// that fill the segment exactly (`get_dht`: JERR_DHT_INDEX, JERR_BAD_HUFF_TABLE,
    /// JERR_BAD_LENGTH).
    private static func huffmanTablesFill(_ bytes: [UInt8], _ body: Range<Int>) -> Bool {
        var index = body.lowerBound
        while body.upperBound - index > 16 {
            guard bytes[index] >> 4 <= 1, bytes[index] & 0x0F < 4 else { return false }
            let count = bytes[(index + 1)...(index + 16)].reduce(0) { $0 + Int($1) }
            index += 17
            guard count <= 256, count <= body.upperBound - index else { return false }
            index += count
        }
        return index == body.upperBound
    }

    /// SOF0-2: 8-bit samples (`JERR_BAD_PRECISION`), sides 1...65,500 (`JERR_EMPTY_IMAGE`,
    /// `JERR_IMAGE_TOO_BIG`), 1, 3 or 4 components (grey, YCbCr or RGB, CMYK or YCCK) of
    /// distinct ids, sampling factors 1...4 (`JERR_BAD_SAMPLING`), quantization tables 0...3, and
    /// the length they make (`JERR_BAD_LENGTH`).
    private static func jpegFrame(_ bytes: [UInt8], _ body: Range<Int>) -> (size: Size, components: [UInt8])?
    {
        let start = body.lowerBound
        guard body.count >= 6, bytes[start] == 8 else { return nil }
        let height = bigEndian16(bytes, start + 1)
        let width = bigEndian16(bytes, start + 3)
        let count = Int(bytes[start + 5])
        guard (1...maxSide).contains(width), (1...maxSide).contains(height), [1, 3, 4].contains(count),
            body.count == 6 + 3 * count
        else { return nil }
        var ids: [UInt8] = []
        for component in 0..<count {
            let at = start + 6 + 3 * component
            let sampling = bytes[at + 1]
            guard !ids.contains(bytes[at]), (1...4).contains(sampling >> 4),
                (1...4).contains(sampling & 0x0F),
                bytes[at + 2] < 4
            else { return nil }
            ids.append(bytes[at])
        }
        return (Size(width: width, height: height), ids)
    }

    /// SOS: 1...4 components, the length they make (`JERR_BAD_LENGTH`), each a distinct one of the
    /// frame's first four (`JERR_BAD_COMPONENT_ID`).
    private static func scanNamesFrameComponents(_ bytes: [UInt8], _ body: Range<Int>, _ frame: [UInt8])
        -> Bool
    {
        guard let count = body.first.map({ Int(bytes[$0]) }), (1...4).contains(count),
            body.count == 4 + 2 * count
        else { return false }
        let selectors = (0..<count).map { bytes[body.lowerBound + 1 + 2 * $0] }
        return Set(selectors).count == count && selectors.allSatisfy { frame.prefix(4).contains($0) }
    }
}
