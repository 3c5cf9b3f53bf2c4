/// A photo's width and height read from its header's bytes, without libvips, where the header is
/// one the library that libvips would ask reads without error (docs/api.md, "Photos"): JPEG up to
/// its first scan (`PhotoHeader+JPEG.swift`), PNG up to its first image data
/// (`PhotoHeader+PNG.swift`). Anything the reader does not take as plainly sound (another marker
/// or chunk, a value out of the usual ranges, another format) gives nil, and `PhotoInspection`
/// asks libvips, as it did for every photo: so what libvips refuses is still refused, with the same
/// refusal, while an ordinary photo is inspected in microseconds instead of the tenths of a
/// millisecond libvips' loader search and header read take (docs/performance.md, "Photos").
///
/// Being stricter than the library is safe (the photo goes to libvips); being looser is not, so
/// each rule cites the check it stands for. The loader libvips would pick is the format's: JPEG's
/// and PNG's first bytes match no other loader's (`PhotoFormat.loader`). The fuzz target (`PhotoTarget`) and
/// `PhotoHeaderTests` hold that an inspection from the structure equals libvips'.
enum PhotoHeader {
    struct Size: Equatable {
        let width: Int
        let height: Int
    }

    /// Sides at most: libjpeg's `JPEG_MAX_DIMENSION` (65,500; larger is its error), also taken as
    /// PNG's bound, far inside libvips' own (10,000,000).
    static let maxSide = 65_500

    /// The size `bytes` (whole, of `format`) declare, or nil when libvips must read the header.
    static func size(of bytes: [UInt8], as format: PhotoFormat) -> Size? {
        switch format {
        case .jpeg: jpegSize(bytes)
        case .png: pngSize(bytes)
        case .gif, .webp, .heif: nil
        }
    }

    static func bigEndian16(_ bytes: [UInt8], _ at: Int) -> Int { ByteFields.bigEndian(bytes, at, 2) }

    static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int { ByteFields.bigEndian(bytes, at, 4) }
}
