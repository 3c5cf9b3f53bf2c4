import Codecs

#if canImport(Glibc)
    import Glibc
#endif

/// One file as `StaticFiles` holds it in memory: its representations (plain,
/// gzip, zstd), what tells its version on disk, and when that was last checked.
struct StaticFile {
    /// One representation: its bytes and the fields of its answer (ETag,
    /// Content-Encoding) made once, so that a request copies nothing.
    struct Representation {
        var body: [UInt8]
        /// The fields of a 200.
        var headers: HTTPHeaders
        /// The fields of a 304: the same without Content-Type and Content-Encoding.
        var notModifiedHeaders: HTTPHeaders
        /// The strong entity tag, quoted.
        var etag: String
    }

    var plain: Representation
    /// Made when the file is read when it is `compressible`; else only for a request
    /// that refuses `identity`, then kept.
    var gzip: Representation?
    var zstd: Representation?
    /// Worth compressing: a type that compresses, 1 KB or more.
    var compressible: Bool
    /// The file's content hash and size, which its ETags are made of.
    var tag: String
    /// The fields every representation shares (Content-Type, Last-Modified,
    /// Cache-Control, Vary).
    var fields: HTTPHeaders
    var version: Version
    /// The real path the request path resolved to.
    var file: String
    /// When (monotonic nanoseconds) the path was last resolved and the file stat'ed.
    var checkedAt: UInt64

    /// The representation in `coding`, if made.
    func representation(_ coding: ContentCoding) -> Representation? {
        switch coding {
        case .identity: plain
        case .gzip: gzip
        case .zstd: zstd
        }
    }

    /// The representation of `body`, the plain one's `fields` with `coding`'s
    /// Content-Encoding and ETag (the plain tag with `-gzip` or `-zstd`: each its own, RFC 9110 8.8.3).
    static func representation(
        _ body: [UInt8], coding: ContentCoding, fields: HTTPHeaders, tag: String
    ) -> Representation {
        var headers = fields
        let etag = coding == .identity ? "\"\(tag)\"" : "\"\(tag)-\(coding.token)\""
        headers.add("ETag", etag)
        if coding != .identity { headers.add("Content-Encoding", coding.token) }
        var notModified = headers
        notModified.remove("Content-Type")
        notModified.remove("Content-Encoding")
        return Representation(body: body, headers: headers, notModifiedHeaders: notModified, etag: etag)
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
}
