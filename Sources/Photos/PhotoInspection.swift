import CVips

/// What a photo is, found before it is kept (docs/api.md, "Photos"): its format from its first
/// bytes, that its file is whole from its structure, its size from the header libvips reads without
/// decoding. Anything refused is refused here, so nothing stored ever fails to make a thumbnail.
public struct PhotoInspection: Sendable, Equatable {
    public let format: PhotoFormat
    public let width: Int
    public let height: Int

    /// A photo's body at most (an upload's, or one in an imported file).
    public static let maxBytes = 10 << 20
    /// Pixels at most: a 40-megapixel camera's; more is refused before any decoding (a small
    /// file can claim a huge image: a decompression bomb).
    public static let maxPixels = 40_000_000

    /// The photo's inspection, or why it is refused.
    public static func inspect(_ bytes: [UInt8]) -> Result<PhotoInspection, PhotoRefusal> {
        if bytes.isEmpty { return .failure(.empty) }
        if bytes.count > maxBytes { return .failure(.tooLarge(bytes: bytes.count, limit: maxBytes)) }
        let format: PhotoFormat
        switch PhotoFormat.sniff(bytes) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let found): format = found
        }
        guard PhotoStructure.isWhole(bytes, as: format) else { return .failure(.cutOff(format)) }
        guard Vips.start() else { return .failure(.unreadable(format)) }
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
        guard width * height <= maxPixels else {
            return .failure(.tooManyPixels(width: width, height: height, limit: maxPixels))
        }
        return .success(PhotoInspection(format: format, width: width, height: height))
    }
}
