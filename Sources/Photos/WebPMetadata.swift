/// Takes the EXIF and XMP chunks out of a WebP file. libvips 8.14's WebP saver writes an EXIF
/// chunk of its own (resolution, orientation) even when told to strip; a thumbnail carries no
/// metadata at all (docs/api.md, "Photos").
enum WebPMetadata {
    /// `webp` without EXIF and XMP chunks, its VP8X flags and RIFF size to match; unchanged when
    /// it is not an extended WebP file or its chunks do not add up.
    static func removed(from webp: [UInt8]) -> [UInt8] {
        guard webp.count >= 30, webp[0..<4].elementsEqual("RIFF".utf8),
            webp[8..<12].elementsEqual("WEBP".utf8),
            webp[12..<16].elementsEqual("VP8X".utf8)
        else { return webp }
        var kept: [UInt8] = []
        kept.reserveCapacity(webp.count)
        var index = 12
        while index + 8 <= webp.count {
            let size = ByteFields.littleEndian(webp, index + 4, 4)
            let end = index + 8 + size + (size & 1)
            guard end <= webp.count else { return webp }
            let tag = webp[index..<index + 4]
            if !tag.elementsEqual("EXIF".utf8) && !tag.elementsEqual("XMP ".utf8) {
                kept += webp[index..<end]
            }
            index = end
        }
        guard index == webp.count else { return webp }
        // VP8X's flags: 0x08 says EXIF follows, 0x04 XMP.
        kept[8] &= ~UInt8(0x0C)
        let riffSize = UInt32(kept.count + 4)
        return Array("RIFF".utf8) + withUnsafeBytes(of: riffSize.littleEndian, Array.init)
            + Array("WEBP".utf8) + kept
    }
}
