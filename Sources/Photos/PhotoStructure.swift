/// Whether a photo's file is whole, told by walking its container's structure (segment, chunk or
/// box lengths) to its end marker: a byte scan, no pixel decoded. A file cut off in transfer
/// fails here rather than being drawn half grey or decoded before it is refused.
enum PhotoStructure {
    /// Whether `bytes`, of `format`, reach their format's end.
    static func isWhole(_ bytes: [UInt8], as format: PhotoFormat) -> Bool {
        switch format {
        case .jpeg: jpegReachesEnd(bytes)
        case .png: pngReachesEnd(bytes)
        case .gif: bytes.last == 0x3B
        case .webp: riffIsWhole(bytes)
        case .heif: boxesAreWhole(bytes)
        }
    }

    /// JPEG: marker segments by their lengths; after a start of scan, entropy-coded data runs to
    /// the next marker (0xFF followed by neither 0x00, a stuffed byte, nor a restart marker);
    /// whole when the end-of-image marker is reached. Data after it (some cameras append a
    /// second picture or a video) is allowed.
    private static func jpegReachesEnd(_ bytes: [UInt8]) -> Bool {
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return false }
            let marker = bytes[index + 1]
            switch marker {
            case 0xFF:
                index += 1  // fill bytes before a marker
                continue
            case 0xD9:
                return true
            case 0xD0...0xD7, 0x01:
                index += 2
                continue
            default:
                break
            }
            guard index + 3 < bytes.count else { return false }
            let length = ByteFields.bigEndian(bytes, index + 2, 2)
            guard length >= 2 else { return false }
            index += 2 + length
            if marker == 0xDA {
                guard let next = nextMarker(bytes, from: index) else { return false }
                index = next
            }
        }
        return false
    }

    /// The index of the next marker after entropy-coded data starting at `start`.
    private static func nextMarker(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00 && !(0xD0...0xD7).contains(next) && next != 0xFF { return index }
            }
            index += 1
        }
        return nil
    }

    /// PNG: chunks (length, type, data, CRC) from the signature to IEND.
    private static func pngReachesEnd(_ bytes: [UInt8]) -> Bool {
        var index = 8
        while index + 8 <= bytes.count {
            let length = ByteFields.bigEndian(bytes, index, 4)
            let type = bytes[index + 4..<index + 8]
            let end = index + 12 + length
            guard end <= bytes.count else { return false }
            if type.elementsEqual("IEND".utf8) { return true }
            index = end
        }
        return false
    }

    /// WebP: the RIFF header's size covers the whole file.
    private static func riffIsWhole(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12 else { return false }
        let size = ByteFields.littleEndian(bytes, 4, 4)
        return size + 8 <= bytes.count
    }

    /// HEIF and AVIF: top-level ISO media boxes, each within the file, up to its end.
    private static func boxesAreWhole(_ bytes: [UInt8]) -> Bool {
        var index = 0
        var sawMedia = false
        while index + 8 <= bytes.count {
            var size = ByteFields.bigEndian(bytes, index, 4)
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            if size == 1 {
                guard index + 16 <= bytes.count else { return false }
                size = ByteFields.bigEndian(bytes, index + 8, 8)
            } else if size == 0 {
                size = bytes.count - index
            }
            guard size >= 8, index + size <= bytes.count else { return false }
            if type == "mdat" { sawMedia = true }
            index += size
        }
        return sawMedia && index == bytes.count
    }
}
