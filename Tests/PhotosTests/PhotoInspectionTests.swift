import Foundation
import TestSupport
import Testing

@testable import Photos

/// What is kept and what is refused, and why, before any pixel is decoded.
@Suite struct PhotoInspectionTests {
    @Test func formatsAreToldByTheirFirstBytes() throws {
        let jpeg = try PillowOracle.image("im = Image.new('RGB', (64, 48), (10, 200, 30))", format: "JPEG")
        let png = try PillowOracle.image(
            "im = Image.new('RGBA', (64, 48), (10, 200, 30, 128))", format: "PNG")
        let gif = try PillowOracle.image("im = Image.new('P', (64, 48))", format: "GIF")
        let webp = try PillowOracle.image("im = Image.new('RGB', (64, 48), (1, 2, 3))", format: "WEBP")
        #expect(
            try PhotoInspection.inspect(jpeg).get() == PhotoInspection(format: .jpeg, width: 64, height: 48))
        #expect(
            try PhotoInspection.inspect(png).get() == PhotoInspection(format: .png, width: 64, height: 48))
        #expect(
            try PhotoInspection.inspect(gif).get() == PhotoInspection(format: .gif, width: 64, height: 48))
        #expect(
            try PhotoInspection.inspect(webp).get() == PhotoInspection(format: .webp, width: 64, height: 48))
    }

    @Test func markupIsRefusedAsSVGWhereverItsTagStarts() {
        let svgs = [
            #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
            "\u{FEFF}  \n<?xml version=\"1.0\"?><svg/>",
            "<!-- a drawing --><svg onload=\"x()\"/>",
            "<html><body>hi</body></html>",
        ]
        for svg in svgs {
            #expect(PhotoInspection.inspect(Array(svg.utf8)) == .failure(.svg), "\(svg)")
        }
    }

    @Test func textAndUnknownBytesAreRefusedWithTheirCause() {
        #expect(
            PhotoInspection.inspect(Array(String(repeating: "hello, not a picture\n", count: 20).utf8))
                == .failure(.notAnImage))
        #expect(
            PhotoInspection.inspect([0x00, 0x01, 0x02, 0x9F, 0x80, 0x11]) == .failure(.unknownFormat(nil)))
        #expect(PhotoInspection.inspect([]) == .failure(.empty))
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        #expect(PhotoInspection.inspect(tiff) == .failure(.unknownFormat(nil)))
    }

    @Test func aCutOffFileIsRefusedForEveryFormat() throws {
        let jpeg = try PillowOracle.image(
            "import random\nrandom.seed(4)\nim = Image.frombytes('RGB', (300, 200), bytes(random.randrange(256) for _ in range(180000)))",
            format: "JPEG", options: "quality=90")
        let png = try PillowOracle.image(
            "import random\nrandom.seed(5)\nim = Image.frombytes('RGB', (200, 200), bytes(random.randrange(256) for _ in range(120000)))",
            format: "PNG")
        let webp = try PillowOracle.image("im = Image.new('RGB', (300, 200), (9, 9, 9))", format: "WEBP")
        for (whole, format) in [(jpeg, PhotoFormat.jpeg), (png, .png), (webp, .webp)] {
            #expect(try PhotoInspection.inspect(whole).get().format == format)
            for cut in [whole.count / 3, whole.count - 3] {
                #expect(
                    PhotoInspection.inspect(Array(whole.prefix(cut))) == .failure(.cutOff(format)),
                    "\(format) at \(cut)")
            }
        }
    }

    @Test func aJPEGWithDataAfterItsEndIsWhole() throws {
        let jpeg = try PillowOracle.image("im = Image.new('RGB', (64, 64), (200, 0, 0))", format: "JPEG")
        // Some cameras append a second picture or a video after the end-of-image marker.
        #expect(try PhotoInspection.inspect(jpeg + Array(repeating: 0x42, count: 500)).get().format == .jpeg)
    }

    @Test func aSmallFileClaimingTooManyPixelsIsRefusedFromItsHeader() throws {
        let bomb = try PillowOracle.image("im = Image.new('1', (30000, 30000))", format: "PNG")
        #expect(bomb.count < 2_000_000)
        let started = ContinuousClock.now
        #expect(
            PhotoInspection.inspect(bomb)
                == .failure(.tooManyPixels(width: 30000, height: 30000, limit: PhotoInspection.maxPixels)))
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func moreThanTenMebibytesIsRefusedUnread() {
        let big = [UInt8](repeating: 0xFF, count: PhotoInspection.maxBytes + 1)
        #expect(
            PhotoInspection.inspect(big)
                == .failure(.tooLarge(bytes: big.count, limit: PhotoInspection.maxBytes)))
    }

    @Test func everyRefusalSaysWhatToDoWithA4xx() {
        let refusals: [PhotoRefusal] = [
            .empty, .tooLarge(bytes: 11, limit: 10), .svg, .notAnImage, .unknownFormat("x"), .cutOff(.png),
            .tooManyPixels(width: 9000, height: 9000, limit: 40_000_000), .unreadable(.gif),
        ]
        for refusal in refusals {
            #expect((400..<500).contains(refusal.status))
            #expect(refusal.message.count > 20)
        }
        #expect(PhotoRefusal.svg.message.contains("SVG"))
        #expect(PhotoRefusal.cutOff(.jpeg).message.contains("cut off"))
        #expect(
            PhotoRefusal.tooManyPixels(width: 9000, height: 9000, limit: 40_000_000).message.contains(
                "40 megapixels"))
    }
}
