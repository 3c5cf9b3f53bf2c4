import CVips

/// What a photo is, found before it is kept (docs/api.md, "Photos"): its format from its first
/// bytes, that its file is whole from its structure, its size from its header without decoding:
/// read from the bytes where the header is plainly sound (`PhotoHeader`: an ordinary JPEG or PNG),
/// else by libvips. Anything refused is refused here, so nothing stored ever fails to make a
/// thumbnail.
public struct PhotoInspection: Sendable, Equatable {
    public let format: PhotoFormat
    public let width: Int
    public let height: Int

    /// A photo's body at most (an upload's, or one in an imported file).
    public static let maxBytes = 10 << 20
    /// Pixels at most: a 40-megapixel camera's; more is refused before any decoding (a small
    /// file can claim a huge image: a decompression bomb).
    public static let maxPixels = 40_000_000

    /// How the header is read.
    public enum HeaderReading: Sendable {
        /// From the bytes where `PhotoHeader` can, else by libvips: what photos coming in get.
        case structureFirst
        /// By libvips alone, as every photo was before: what the fuzz target and the tests hold
        /// `structureFirst` equal to.
        case libvips
    }

    /// The photo's inspection, or why it is refused.
    public static func inspect(_ bytes: [UInt8], reading: HeaderReading = .structureFirst) -> Result<
        PhotoInspection, PhotoRefusal
    > {
        if bytes.isEmpty { return .failure(.empty) }
        if bytes.count > maxBytes { return .failure(.tooLarge(bytes: bytes.count, limit: maxBytes)) }
        let format: PhotoFormat
        switch PhotoFormat.sniff(bytes) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found): format = found
        }
        guard PhotoStructure.isWhole(bytes, as: format) else { return .failure(.cutOff(format)) }
        let size: PhotoHeader.Size
        if reading == .structureFirst, let read = PhotoHeader.size(of: bytes, as: format) {
            size = read
        } else {
            // (libvips is started only where it reads the header: an import of ordinary JPEGs
            // and PNGs needs none of it until a thumbnail is asked for.)
            guard Vips.start() else { return .failure(.unreadable(format)) }
            switch libvipsSize(of: bytes, as: format) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let read): size = read
            }
        }
        guard size.width * size.height <= maxPixels else {
            return .failure(.tooManyPixels(width: size.width, height: size.height, limit: maxPixels))
        }
        return .success(PhotoInspection(format: format, width: size.width, height: size.height))
    }

    /// The size libvips reads from the header (about 0.2 ms: its loader search, then the loader's
    /// header read), or why not: a loader other than the format's, or a header it cannot read.
    private static func libvipsSize(of bytes: [UInt8], as format: PhotoFormat) -> Result<
        PhotoHeader.Size, PhotoRefusal
    > {
        var header = roster_vips_header()
        var loader = [CChar](repeating: 0, count: 64)
        let status = bytes.withUnsafeBytes { raw in
            roster_vips_read_header(raw.baseAddress, raw.count, &loader, Int32(loader.count), &header)
        }
        guard status == 0 else { return .failure(.unreadable(format)) }
        let loaderName = String(
            decoding: loader.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard loaderName == format.loader else {
            return .failure(.unknownFormat(loaderName))
        }
        let width = Int(header.width)
        let height = Int(header.height)
        guard width > 0, height > 0 else { return .failure(.unreadable(format)) }
        return .success(PhotoHeader.Size(width: width, height: height))
    }
}
