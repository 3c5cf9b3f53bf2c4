import Foundation
import Photos

/// `roster-bench photos DIR`: a thumbnail (80 px, JPEG, as the list's avatars are asked) of every
/// file in DIR with `Thumbnailer`, one after another on one thread, as a photo worker makes
/// them; prints the milliseconds per photo (scripts/bench photos runs Debian's `vipsthumbnail`
/// on the same files beside it).
enum PhotosBenchmark {
    static func run() {
        guard CommandLine.arguments.count >= 3 else {
            print("usage: roster-bench photos DIR")
            return
        }
        let folder = CommandLine.arguments[2]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let photos = names.compactMap {
            FileManager.default.contents(atPath: folder + "/" + $0).map(Array.init)
        }
        guard !photos.isEmpty else {
            print("photos: no files in \(folder)")
            return
        }
        var inspected = 0.0
        var made = 0.0
        var bytes = 0
        for round in 0..<2 {
            for photo in photos {
                let start = Date()
                guard case .success = PhotoInspection.inspect(photo) else {
                    print("photos: a file is refused")
                    return
                }
                let middle = Date()
                guard case .success(let thumbnail) = Thumbnailer.thumbnail(of: photo, size: 80, as: .jpeg)
                else {
                    print("photos: a thumbnail failed")
                    return
                }
                // The first round warms libvips and the page cache; the second is timed.
                if round == 1 {
                    inspected += middle.timeIntervalSince(start)
                    made += Date().timeIntervalSince(middle)
                    bytes += thumbnail.count
                }
            }
        }
        let count = Double(photos.count)
        print(String(format: "photos inspected (header only): %.2f ms a photo", inspected * 1000 / count))
        print(String(format: "photos thumbnail bytes: %d a photo", bytes / photos.count))
        print(
            String(format: "photos thumbnails by Roster's Thumbnailer: %.1f ms a photo", made * 1000 / count))
    }
}
