import Codecs
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Finding a request path's file under the root, and reading it into its representations.
extension StaticFiles {
    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8", "json": "application/json", "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "ico": "image/x-icon",
        "webp": "image/webp",
        "txt": "text/plain; charset=utf-8", "csv": "text/csv; charset=utf-8", "woff2": "font/woff2",
        "map": "application/json", "webmanifest": "application/manifest+json",
    ]

    /// The real path of the regular file `path` names under the root, or nil.
    func resolve(_ path: Substring) -> String? {
        let lowered = path.lowercased()
        guard !lowered.contains("%2f"), !lowered.contains("%5c"), !lowered.contains("%00"),
            let decoded = PercentDecoding.decodeBytes(path), !decoded.contains(0), !decoded.contains(0x5C),
            let text = String(validating: decoded, as: UTF8.self)
        else { return nil }
        var segments: [Substring] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: true) {
            guard !segment.hasPrefix(".") else { return nil }  // `.`, `..` and dot files
            segments.append(segment)
        }
        var candidate = root + "/" + segments.joined(separator: "/")
        var info = stat()
        if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            candidate += "/index.html"
        }
        guard let real = realpath(candidate, nil) else { return nil }
        defer { free(real) }
        let resolved = String(cString: real)
        guard resolved.hasPrefix(root + "/"), stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG
        else {
            return nil
        }
        return resolved
    }

    /// The file at the real path `file` (of `version`), with its plain form and, when it
    /// is worth compressing, its gzip and zstd forms; nil when it cannot be read.
    func read(_ file: String, version: StaticFile.Version, now: UInt64) -> StaticFile? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let body = [UInt8](data)
        let suffix =
            file.split(separator: "/").last.flatMap { name in
                name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
            } ?? ""
        let type = Self.types[suffix] ?? "application/octet-stream"
        // Any answer may go out compressed (a request refusing identity gets it so).
        let fields: HTTPHeaders = [
            "Content-Type": type,
            "Last-Modified": HTTPDate.format(Int(version.modified.tv_sec)),
            "Cache-Control": "no-cache",
            "Vary": "Accept-Encoding",
        ]
        let tag = Self.tag(of: body)
        let compressible = ContentCoding.suits(contentType: type) && body.count >= ContentCoding.minimumSize
        var entry = StaticFile(
            plain: StaticFile.representation(body, coding: .identity, fields: fields, tag: tag),
            compressible: compressible, tag: tag, fields: fields, version: version, file: file, checkedAt: now
        )
        if compressible {
            let encoder = encoder(for: body.count)
            for coding in [ContentCoding.gzip, .zstd] {
                let representation = StaticFile.representation(
                    encoder.encode(body, as: coding), coding: coding, fields: fields, tag: tag)
                if coding == .gzip { entry.gzip = representation } else { entry.zstd = representation }
            }
        }
        return entry
    }

    /// The content tag of a file's bytes, which its ETags are made of: its size and FNV-1a hash.
    static func tag(of body: [UInt8]) -> String {
        "\(String(body.count, radix: 16))-\(String(fnv1a(body), radix: 16))"
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
