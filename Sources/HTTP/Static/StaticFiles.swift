import Codecs
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// Serves the files under a root folder: Content-Type by extension, a strong ETag
/// per representation (the gzip and zstd variants have their own, RFC 9110 8.8.3;
/// If-None-Match -> 304 for the one it names), Last-Modified, Cache-Control,
/// `Vary: Accept-Encoding`, and each file's plain, gzip and zstd forms made once
/// per file version (at `ContentEncoder.storedLevels`: compressed once, served many
/// times). The coding is the one `AcceptEncoding` picks; a request that accepts
/// none the file can go out in gets a 406. `/` and folders serve their index.html.
///
/// Nothing outside the root is served: the path is percent-decoded once, and an
/// encoded slash or backslash, a NUL, a `.` or `..` segment, a dot file, or a
/// path whose real location (symlinks resolved) is not under the root is a 404.
///
/// Files are held in memory and checked against the disk at most once per
/// `recheckInterval` each (250 ms by default), not on every request: the path is
/// resolved again (symlinks) and the file stat'ed, and a copy is kept while the
/// file's inode, size, and modification and change times to the nanosecond are the
/// same. So an edit is served at most `recheckInterval` after it is made. The
/// ETag is a hash of the content. Not thread-safe: one instance per event loop.
///
/// Versioned paths (docs/api.md, "GET / and the files of Public/"): with a `version`,
/// `/v/<version>/<path>` serves `<path>` with `Cache-Control: public, max-age=31536000,
/// immutable`, so a browser never asks for it again; the version names the content
/// of the whole folder (`StaticVersion`, computed at start). A path under another
/// version (a page loaded before a restart), or a file edited since start, serves the
/// current file revalidated (`no-cache`), since its content is not that version's.
public final class StaticFiles {
    /// The real path of the root folder.
    public let root: String
    /// How long a file's copy is served before the disk is asked again.
    public let recheckInterval: UInt64
    /// The folder's content at start: `/v/<its name>/` paths of files still as they were then
    /// are served as immutable (nil: none).
    public let version: StaticVersion?
    let clock: MonotonicClock
    var cache: [Substring: StaticFile] = [:]
    /// The compressors of files up to `storedLimit` bytes and of larger ones
    /// (made when first needed).
    lazy var stored = ContentEncoder(
        gzip: ContentEncoder.storedLevels.gzip, zstdLevel: ContentEncoder.storedLevels.zstd)
    lazy var quick = ContentEncoder()
    /// Larger files are compressed at the quick levels, so that reading one does not
    /// hold its event loop for long.
    static let storedLimit = 1 << 20

    /// The Cache-Control of a file under its current version's path.
    public static let immutable = "public, max-age=31536000, immutable"

    /// Serves `root`, which must be a folder, reading the time from `clock` and
    /// checking each file against the disk at most once per `recheckInterval` (ns);
    /// `/v/<version>/` paths are immutable.
    public init(
        root: String, version: StaticVersion? = nil, clock: MonotonicClock = .system,
        recheckInterval: UInt64 = 250_000_000
    ) throws(HTTPError) {
        self.version = version
        guard let real = realpath(root, nil) else {
            throw HTTPError(500, "no_public_folder", "the static files folder \(root) does not exist")
        }
        self.root = String(cString: real)
        free(real)
        self.clock = clock
        self.recheckInterval = recheckInterval
    }

    /// Answers a GET or HEAD for `request.head.path`.
    /// - Throws: `HTTPError` 404 (no file there), 406 (the request accepts no coding:
    ///   it refuses `identity`, and gzip and zstd too).
    public func respond(to request: Request) throws -> Response {
        guard let (segment, path) = Self.versioned(request.head.path) else {
            return try respond(to: request, path: request.head.path)
        }
        var response = try respond(to: request, path: path)
        let current =
            version.map { version in
                segment == version.name && cache[path].map { version.holds(path, tag: $0.tag) } ?? false
            } ?? false
        response.headers.set("Cache-Control", current ? Self.immutable : "no-cache")
        return response
    }

    /// The version segment and the path after it of a `/v/<version>/<path>` path (the
    /// path keeps its leading `/`), or nil for another path.
    static func versioned(_ path: Substring) -> (segment: Substring, path: Substring)? {
        guard path.hasPrefix("/v/") else { return nil }
        let rest = path.dropFirst(3)
        guard let slash = rest.firstIndex(of: "/"), slash > rest.startIndex else { return nil }
        return (rest[..<slash], rest[slash...])
    }

    private func respond(to request: Request, path: Substring) throws -> Response {
        let now = clock.nanoseconds()
        var file: StaticFile
        if let cached = cache[path], now &- cached.checkedAt < recheckInterval {
            file = cached  // the common case: one lookup, no system call
        } else {
            file = try refresh(path, now: now)
        }
        let accepted = AcceptEncoding(request.head.headers)
        guard let coding = accepted.coding(compressible: file.compressible) else {
            throw HTTPError(
                406, "not_acceptable",
                "the request's Accept-Encoding refuses identity and accepts neither gzip nor zstd")
        }
        let until = file.checkedAt &+ recheckInterval
        guard let representation = file.representation(coding) else {
            return respond(request, with: made(coding, of: &file, key: path), until: until)
        }
        return respond(request, with: representation, until: until)
    }

    /// The answer with `representation`: a 304 when If-None-Match names its ETag (or is `*`).
    /// The same request gets the same answer until the copy is checked again (`until`).
    private func respond(
        _ request: Request, with representation: StaticFile.Representation, until: UInt64
    ) -> Response {
        var response =
            if request.head.headers.ifNoneMatch(names: representation.etag) {
                Response(status: 304, headers: representation.notModifiedHeaders)
            } else {
                Response(headers: representation.headers, body: representation.body)
            }
        response.codingChosen = true
        response.reusableUntil = until
        return response
    }

    /// The file at `path` as the disk has it now: the cached copy, marked checked,
    /// when its version is the same, else read again.
    private func refresh(_ path: Substring, now: UInt64) throws -> StaticFile {
        guard let resolved = resolve(path) else {
            cache[path] = nil
            throw Self.notFound(path)
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            cache[path] = nil
            throw Self.notFound(path)
        }
        let version = StaticFile.Version(info)
        if var cached = cache[path], cached.version == version, cached.file == resolved {
            cached.checkedAt = now
            cache[path] = cached
            return cached
        }
        guard let file = self.read(resolved, version: version, now: now) else { throw Self.notFound(path) }
        if cache.count >= 1024 { cache.removeAll() }  // many spellings of few files: start over
        cache[path] = file
        return file
    }

    /// A representation a file was not read with (a request refusing `identity` for a
    /// file too small or of a type not worth compressing), made now and kept.
    private func made(_ coding: ContentCoding, of file: inout StaticFile, key: Substring)
        -> StaticFile.Representation
    {
        let body = encoder(for: file.plain.body.count).encode(file.plain.body, as: coding)
        let representation = StaticFile.representation(
            body, coding: coding, fields: file.fields, tag: file.tag)
        if coding == .gzip { file.gzip = representation } else { file.zstd = representation }
        cache[key] = file
        return representation
    }

    /// The compressors for a body of `size` bytes.
    func encoder(for size: Int) -> ContentEncoder {
        size <= Self.storedLimit ? stored : quick
    }

    /// Whether a GET of `path` would find a file (so another method there is 405, not 404).
    /// (`OPTIONS *` has no path: not a file.)
    public func serves(_ path: Substring) -> Bool {
        path.hasPrefix("/") && resolve(Self.versioned(path)?.path ?? path) != nil
    }

    static func notFound(_ path: Substring) -> HTTPError {
        HTTPError(404, "not_found", "no file at \(path.prefix(200))")
    }
}
