import Photos

/// Photo bodies, as an upload or an import hands them over (docs/api.md, "Photos"):
/// `PhotoInspection.inspect` answers every input without crashing or decoding it, and what it
/// accepts goes on to `Thumbnailer`.
///
/// - A refusal is a 4xx with a message; an acceptance has the format the first bytes say
///   and a size within the limits.
/// - The inspection equals libvips' alone (`HeaderReading.libvips`): a header read from the
///   bytes (`PhotoHeader`) accepts nothing libvips refuses, and reads the same size.
/// - A thumbnail of what was accepted, when libvips makes one, is a JPEG that inspects as
///   32 x 32; one it cannot make (damaged pixel data behind a sound structure) fails
///   cleanly rather than crashing.
enum PhotoTarget {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        let inspection = PhotoInspection.inspect(bytes)
        let byLibvips = PhotoInspection.inspect(bytes, reading: .libvips)
        try require(
            inspection == byLibvips,
            "inspected as \(inspection) from the structure, \(byLibvips) by libvips: \(bytes.debugText)")
        switch inspection {
        case .failure(let refusal):
            try require(
                (400..<500).contains(refusal.status) && !refusal.message.isEmpty,
                "refused with \(refusal.status) '\(refusal.message)': \(bytes.debugText)")
        case .success(let inspection):
            try require(
                PhotoFormat.sniff(bytes) == .success(inspection.format),
                "accepted as \(inspection.format) but sniffed otherwise: \(bytes.debugText)")
            try require(
                inspection.width > 0 && inspection.height > 0
                    && inspection.width * inspection.height <= PhotoInspection.maxPixels,
                "accepted at \(inspection.width) x \(inspection.height): \(bytes.debugText)")
            if case .success(let thumbnail) = Thumbnailer.thumbnail(of: bytes, size: 32, as: .jpeg) {
                let again = try? PhotoInspection.inspect(thumbnail).get()
                try require(
                    again?.format == .jpeg && again?.width == 32 && again?.height == 32,
                    "the thumbnail inspects as \(String(describing: again)): \(bytes.debugText)")
            }
        }
    }
}
