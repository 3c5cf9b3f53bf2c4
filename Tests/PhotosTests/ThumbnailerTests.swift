import TestSupport
import Testing

@testable import Photos

/// Thumbnails as Pillow sees them: square, the asked size, the centre of the photo, upright, and
/// carrying no metadata.
@Suite struct ThumbnailerTests {
    private func near(_ pixel: [Int], _ want: [Int], within tolerance: Int = 40) -> Bool {
        pixel.count == 3 && zip(pixel, want).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: [ThumbnailEncoding.jpeg, .webp])
    func aThumbnailIsTheSquareCentreAtTheAskedSize(encoding: ThumbnailEncoding) throws {
        // A wide photo: green in the middle third, red at the sides: the square centre is green.
        let photo = try PillowOracle.image(
            "im = Image.new('RGB', (900, 300), (220, 0, 0))\nim.paste((0, 180, 40), (300, 0, 600, 300))",
            format: "JPEG")
        let thumbnail = try Thumbnailer.thumbnail(of: photo, size: 80, as: encoding).get()
        let reading = try PillowOracle.read(thumbnail, at: [(0.5, 0.5), (0.05, 0.5), (0.95, 0.5)])
        #expect(reading.format == (encoding == .jpeg ? "JPEG" : "WEBP"))
        #expect(reading.width == 80 && reading.height == 80)
        #expect(reading.pixels.allSatisfy { near($0, [0, 180, 40]) }, "\(reading.pixels)")
    }

    @Test func avifIsAnAVIFFile() throws {
        let photo = try PillowOracle.image("im = Image.new('RGB', (200, 200), (30, 60, 200))", format: "PNG")
        let thumbnail = try Thumbnailer.thumbnail(of: photo, size: 80, as: .avif).get()
        // Debian's Pillow reads no AVIF: the container says what it is.
        #expect(Array(thumbnail[4..<12]) == Array("ftypavif".utf8))
        #expect(
            try PhotoInspection.inspect(thumbnail).get()
                == PhotoInspection(format: .heif, width: 80, height: 80))
    }

    @Test func aCameraPhotoIsTurnedUprightAndLosesItsEXIF() throws {
        // 4000 x 3000, its left half red, EXIF orientation 6 (turn 90 degrees clockwise to show) and
        // a GPS position: shown upright, red is on top.
        let camera = try PillowOracle.image(
            """
            im = Image.new('RGB', (4000, 3000), (0, 0, 255))
            im.paste((255, 0, 0), (0, 0, 2000, 3000))
            exif = Image.Exif(); exif[0x0112] = 6; exif[0x8825] = {1: 'N', 2: (59.0, 54.0, 0.0)}
            """, format: "JPEG", options: "quality=85, exif=exif.tobytes()")
        #expect(
            try PhotoInspection.inspect(camera).get()
                == PhotoInspection(format: .jpeg, width: 4000, height: 3000))
        for encoding in ThumbnailEncoding.allCases {
            let thumbnail = try Thumbnailer.thumbnail(of: camera, size: 160, as: encoding).get()
            // Debian's Pillow reads no AVIF: libvips' own reader judges it.
            let reading =
                encoding == .avif
                ? try PillowOracle.read(
                    Thumbnailer.thumbnail(of: thumbnail, size: 160, as: .jpeg).get(),
                    at: [(0.5, 0.02), (0.5, 0.98)])
                : try PillowOracle.read(thumbnail, at: [(0.5, 0.02), (0.5, 0.98)])
            #expect(reading.width == 160 && reading.height == 160)
            #expect(near(reading.pixels[0], [255, 0, 0], within: 60), "top \(reading.pixels[0])")
            #expect(near(reading.pixels[1], [0, 0, 255], within: 60), "bottom \(reading.pixels[1])")
            #expect(!reading.hasEXIF)
            #expect(!thumbnail.contains(subsequence: Array("GPS".utf8)))
            #expect(!thumbnail.contains(subsequence: Array("Exif".utf8)))
        }
    }

    @Test func transparencyLandsOnWhite() throws {
        let photo = try PillowOracle.image("im = Image.new('RGBA', (100, 100), (0, 0, 0, 0))", format: "PNG")
        let reading = try PillowOracle.read(try Thumbnailer.thumbnail(of: photo, size: 40, as: .jpeg).get())
        #expect(near(reading.pixels[0], [255, 255, 255]), "\(reading.pixels)")
    }

    @Test func sizesAreHeldWithinBounds() throws {
        let photo = try PillowOracle.image("im = Image.new('RGB', (50, 50), (1, 2, 3))", format: "PNG")
        #expect(
            try PillowOracle.read(try Thumbnailer.thumbnail(of: photo, size: 1, as: .jpeg).get()).width == 16)
        #expect(
            try PillowOracle.read(try Thumbnailer.thumbnail(of: photo, size: 5000, as: .jpeg).get()).width
                == 640)
    }

    @Test func theEncodingFollowsAccept() {
        #expect(ThumbnailEncoding.choose(accept: "image/avif,image/webp,*/*") == .webp)
        #expect(ThumbnailEncoding.choose(accept: "image/avif,*/*") == .avif)
        #expect(ThumbnailEncoding.choose(accept: "image/webp,*/*;q=0.8") == .webp)
        #expect(ThumbnailEncoding.choose(accept: "image/avif;q=0, image/webp") == .webp)
        #expect(ThumbnailEncoding.choose(accept: "*/*") == .jpeg)
        #expect(ThumbnailEncoding.choose(accept: nil) == .jpeg)
        #expect(ThumbnailEncoding.choose(accept: "image/AVIF ; q=0.5") == .avif)
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard count >= subsequence.count else { return false }
        return (0...(count - subsequence.count)).contains {
            self[$0..<$0 + subsequence.count].elementsEqual(subsequence)
        }
    }
}
