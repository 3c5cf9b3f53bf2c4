import Foundation

/// Debian's python3-pil, which makes the tests' images (a camera's JPEG with EXIF orientation and
/// GPS, PNGs with alpha, a PNG that claims 30,000 x 30,000 pixels) and reads the thumbnails back:
/// an image library other than libvips judges what libvips made.
public enum PillowOracle {
    /// Runs `script` with `data` (JSON) bound; the script sets `out`, printed back as JSON. Bytes
    /// travel as base64 (`b64` and `unb64` are bound).
    public static func run(_ script: String, _ input: [String: Any] = [:]) throws -> [String: Any] {
        let prelude = """
            import base64, io, json, sys
            from PIL import Image
            data = json.load(sys.stdin)
            b64 = lambda b: base64.b64encode(b).decode()
            unb64 = lambda s: base64.b64decode(s)
            out = {}

            """
        let answer = try PythonOracle.run(
            prelude + script + "\nprint(json.dumps(out))", input: input, package: "python3-pil")
        return answer as? [String: Any] ?? [:]
    }

    /// An image Pillow saves: `expression` makes `im`, saved as `format` with `options` (Python
    /// keyword arguments).
    public static func image(_ expression: String, format: String, options: String = "") throws -> [UInt8] {
        let made = try run(
            """
            \(expression)
            buf = io.BytesIO(); im.save(buf, "\(format)"\(options.isEmpty ? "" : ", " + options))
            out["bytes"] = b64(buf.getvalue())
            """)
        return Array(Data(base64Encoded: made["bytes"] as? String ?? "") ?? Data())
    }

    /// What Pillow reads in `bytes`: format, size, the RGB pixel at each of `points` (fractions of
    /// width and height), and whether any EXIF is left.
    public struct Reading {
        public let format: String
        public let width: Int
        public let height: Int
        public let pixels: [[Int]]
        public let hasEXIF: Bool
    }

    public static func read(_ bytes: [UInt8], at points: [(Double, Double)] = [(0.5, 0.5)]) throws -> Reading
    {
        let answer = try run(
            """
            raw = unb64(data["bytes"])
            im = Image.open(io.BytesIO(raw))
            out["format"] = im.format
            out["size"] = list(im.size)
            out["exif"] = len(im.getexif()) > 0 or b"Exif\\x00" in raw
            rgb = im.convert("RGB")
            out["pixels"] = [list(rgb.getpixel((min(int(x * im.size[0]), im.size[0] - 1), min(int(y * im.size[1]), im.size[1] - 1)))) for x, y in data["points"]]
            """,
            ["bytes": Data(bytes).base64EncodedString(), "points": points.map { [$0.0, $0.1] }])
        let size = answer["size"] as? [Int] ?? [0, 0]
        return Reading(
            format: answer["format"] as? String ?? "", width: size[0], height: size[1],
            pixels: answer["pixels"] as? [[Int]] ?? [], hasEXIF: answer["exif"] as? Bool ?? true)
    }
}
