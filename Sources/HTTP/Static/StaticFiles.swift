import Codecs
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Serves the files under a root folder: Content-Type by extension, a strong ETag
/// per representation (the gzip variant has its own, RFC 9110 8.8.3; If-None-Match
/// -> 304 for the one it names), Last-Modified, Cache-Control, and a gzip variant
/// made once per file version. `/` and folders serve their index.html.
///
/// Nothing outside the root is served: the path is percent-decoded once, and an
/// encoded slash or backslash, a NUL, a `.` or `..` segment, a dot file, or a
/// path whose real location (symlinks resolved) is not under the root is a 404.
///
/// Files are cached in memory and checked against the disk on every request (one
/// stat): a cached copy is used while the file's inode, size, and modification and
/// change times to the nanosecond are the same, so an edit that keeps the size
/// within the same second is not served stale. The ETag is a hash of the content.
/// Not thread-safe: one instance per event loop.
public final class StaticFiles {
    struct Entry {
        var body: [UInt8]
        var gzipped: [UInt8]?
        /// The fields of the plain answer and of the gzip one (each with its ETag),
        /// made once per file version: a request copies nothing.
        var headers: HTTPHeaders
        var gzipHeaders: HTTPHeaders
        var etag: String
        var gzipETag: String
        var version: Version
        /// The real path the request path resolved to (and as a C string, for the
        /// stat of every request), and when (s): resolving (realpath walks every
        /// component) is redone at most once a second.
        var file: String
        var cPath: [CChar]
        var resolvedAt: Int
    }

    /// What tells one version of a file from another without reading it.
    struct Version: Equatable {
        var inode: UInt64
        var size: Int
        var modified: timespec
        var changed: timespec

        init(_ info: stat) {
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            modified = info.st_mtim
            changed = info.st_ctim
        }

        static func == (a: Version, b: Version) -> Bool {
            a.inode == b.inode && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec
                && a.modified.tv_nsec == b.modified.tv_nsec && a.changed.tv_sec == b.changed.tv_sec
                && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    /// The real path of the root folder.
    public let root: String
    private var cache: [Substring: Entry] = [:]
    private let gzip = Gzip(level: 9)

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

    /// Serves `root`, which must be a folder.
    public init(root: String) throws(HTTPError) {
        guard let real = realpath(root, nil) else {
            throw HTTPError(500, "no_public_folder", "the static files folder \(root) does not exist")
        }
        self.root = String(cString: real)
        free(real)
    }

    /// Answers a GET or HEAD for `request.head.path`.
    public func respond(to request: Request) throws -> Response {
        let path = request.head.path
        let now = Int(time(nil))
        let entry: Entry
        if let cached = cache[path], now - cached.resolvedAt < 1,
            Self.version(of: cached.cPath) == cached.version
        {
            entry = cached  // the common case: one lookup, one stat
        } else {
            guard let resolved = resolve(path) else { throw Self.notFound(path) }
            entry = try load(resolved, key: path, now: now)
        }
        let zipped =
            entry.gzipped != nil
            && Gzip.isAccepted(byHeader: request.head.headers.combined("Accept-Encoding"))
        let etag = zipped ? entry.gzipETag : entry.etag
        if let match = request.head.headers["If-None-Match"],
            match == "*"
                || match.split(separator: ",").contains(where: { $0.trimmingHTTPWhitespace() == etag })
        {
            var headers = zipped ? entry.gzipHeaders : entry.headers
            headers.remove("Content-Type")
            headers.remove("Content-Encoding")
            return Response(status: 304, headers: headers)
        }
        if zipped, let gzipped = entry.gzipped {
            return Response(headers: entry.gzipHeaders, body: gzipped)
        }
        return Response(headers: entry.headers, body: entry.body)
    }

    /// The version of the file at `path` (a C string), or nil when it is gone.
    private static func version(of path: [CChar]) -> Version? {
        var info = stat()
        return path.withUnsafeBufferPointer { stat($0.baseAddress!, &info) } == 0 ? Version(info) : nil
    }

    /// Whether a GET of `path` would find a file (so another method there is 405, not 404).
    /// (`OPTIONS *` has no path: not a file.)
    public func serves(_ path: Substring) -> Bool {
        path.hasPrefix("/") && resolve(path) != nil
    }

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

    private func load(_ file: String, key: Substring, now: Int) throws -> Entry {
        var info = stat()
        guard stat(file, &info) == 0 else {
            cache[key] = nil
            throw Self.notFound(key)
        }
        let version = Version(info)
        if var cached = cache[key], cached.version == version, cached.file == file {
            if cached.resolvedAt != now {
                cached.resolvedAt = now
                cache[key] = cached
            }
            return cached
        }
        let modified = Int(info.st_mtim.tv_sec)
        guard let data = FileManager.default.contents(atPath: file) else { throw Self.notFound(key) }
        let body = [UInt8](data)
        let suffix =
            file.split(separator: "/").last.flatMap { name in
                name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
            } ?? ""
        let tag = "\(String(body.count, radix: 16))-\(String(Self.fnv1a(body), radix: 16))"
        let type = Self.types[suffix] ?? "application/octet-stream"
        var headers: HTTPHeaders = [
            "Content-Type": type,
            "Last-Modified": HTTPDate.format(modified),
            "Cache-Control": "no-cache",
        ]
        let compress = Gzip.suits(contentType: type) && body.count >= Gzip.minimumSize
        if compress { headers.add("Vary", "Accept-Encoding") }
        let (etag, gzipETag) = ("\"\(tag)\"", "\"\(tag)-gzip\"")
        var gzipHeaders = headers
        gzipHeaders.add("ETag", gzipETag)
        gzipHeaders.add("Content-Encoding", "gzip")
        headers.add("ETag", etag)
        let entry = Entry(
            body: body, gzipped: compress ? gzip.compress(body) : nil, headers: headers,
            gzipHeaders: gzipHeaders, etag: etag, gzipETag: gzipETag, version: version, file: file,
            cPath: Array(file.utf8CString), resolvedAt: now)
        if cache.count >= 1024 { cache.removeAll() }  // many spellings of few files: start over
        cache[key] = entry
        return entry
    }

    private static func notFound(_ path: Substring) -> HTTPError {
        HTTPError(404, "not_found", "no file at \(path.prefix(200))")
    }

    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
