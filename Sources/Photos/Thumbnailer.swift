import CVips

/// Makes a photo's square thumbnail with libvips (docs/api.md, "Photos"): shrunk while the file is
/// read (a JPEG decoded at 1/8 scale where that is enough), turned upright by its EXIF
/// orientation, the centre cropped square, converted to sRGB, every piece of metadata stripped (no
/// EXIF, no GPS, no camera serial), encoded as asked. Pure: the same bytes and size give the same
/// thumbnail; the caller bounds how many run at once and caches them by digest.
public enum Thumbnailer {
    /// The sides a thumbnail may be asked at: the list's 40 px avatar at 1x to 4x and the detail
    /// pane's.
    public static let sizes: ClosedRange<Int> = 16...640

    /// Encoder quality: avatars are small; more shows no difference at 80 px.
    static func quality(for encoding: ThumbnailEncoding) -> Int32 {
        switch encoding {
        case .jpeg: 82
        case .webp: 80
        case .avif: 60
        }
    }

    /// The thumbnail of `photo` (already accepted by `PhotoInspection`), `size` px a side.
    public static func thumbnail(of photo: [UInt8], size: Int, as encoding: ThumbnailEncoding) -> Result<
        [UInt8], PhotoRefusal
    > {
        let side = min(max(size, sizes.lowerBound), sizes.upperBound)
        let format = (try? PhotoFormat.sniff(photo).get()) ?? .jpeg
        guard Vips.start() else { return .failure(.unreadable(format)) }
        var out: UnsafeMutableRawPointer?
        var length = 0
        let status = photo.withUnsafeBytes { raw in
            roster_vips_thumbnail(
                raw.baseAddress, raw.count, Int32(side), encoding.vipsCode, quality(for: encoding), &out,
                &length)
        }
        guard status == 0, let out else { return .failure(.unreadable(format)) }
        defer { roster_vips_free(out) }
        let bytes = Array(UnsafeRawBufferPointer(start: out, count: length))
        return .success(encoding == .webp ? WebPMetadata.removed(from: bytes) : bytes)
    }
}
