import Contacts
import Foundation
import HTTP
import Photos
import Platform

/// `GET /photos/{digest}` (docs/api.md, "Photos"): a stored photo's square thumbnail, `s`
/// pixels a side (80 by default: the list's 40 px avatar at 2x), encoded as the request's
/// `Accept` takes (WebP, AVIF, else JPEG). A thumbnail never changes for its digest, size and
/// encoding: it is cached for a year as immutable, with that triple as its ETag. Answered on
/// the event loop from memory when it is there; otherwise made (or read from the disk cache)
/// on a photo worker, and answered from there.
final class PhotoThumbnails: Sendable {
    let workers: PhotoWorkers
    let memory: ThumbnailCache
    let disk: ThumbnailDiskCache?
    let reads: ReadGate

    /// The size asked when none is.
    static let defaultSize = 80

    init(workers: PhotoWorkers, memory: ThumbnailCache, disk: ThumbnailDiskCache?, reads: ReadGate) {
        self.workers = workers
        self.memory = memory
        self.disk = disk
        self.reads = reads
    }

    /// What every thumbnail answer says about caching and what it varies by.
    static let caching = "public, max-age=31536000, immutable"

    /// Answers `request` through `respond`: now (304, a cached thumbnail, a refusal thrown)
    /// or from a worker.
    func answer(_ request: Request, respond: @escaping @Sendable (SendableResponse) -> Void) throws {
        if let refusal = reads.refusal(request.head, peer: request.client) { throw refusal }
        let digest = request.parameters["digest"] ?? ""
        guard StoredPhoto.isDigest(digest) else { throw Self.notFound(digest) }
        let size = try Self.size(request)
        let encoding = ThumbnailEncoding.choose(accept: request.head.headers["Accept"])
        let key = "\(digest)-\(size).\(encoding.rawValue)"
        let etag = "\"\(key)\""
        if request.head.headers.ifNoneMatch(names: etag) {
            var response = Response(status: 304)
            headers(&response, etag: etag)
            return respond(SendableResponse(response))
        }
        if let bytes = memory.get(key) {
            return respond(SendableResponse(image(bytes, encoding: encoding, etag: etag)))
        }
        let queued = workers.submit { [self] context in
            respond(SendableResponse(make(digest, size, encoding, key: key, etag: etag, context: context)))
        }
        guard queued else {
            throw HTTPError.tooManyRequests(
                retryAfter: 1, "the server is making many thumbnails: ask again in a moment")
        }
    }

    /// On a worker: the thumbnail from the disk cache, or made from the stored photo.
    private func make(
        _ digest: String, _ size: Int, _ encoding: ThumbnailEncoding, key: String, etag: String,
        context: PhotoWorkers.Context
    ) -> Response {
        if let bytes = disk?.get(key) {
            memory.set(key, bytes)
            return image(bytes, encoding: encoding, etag: etag)
        }
        let photo: StoredPhoto?
        do {
            photo = try context.reader().photo(digest)
        } catch {
            context.drop()
            return .error(error) { _ in
                HTTPError(503, "unavailable", "the photo could not be read: try again")
            }
        }
        guard let photo else { return .error(Self.notFound(digest)) }
        switch Thumbnailer.thumbnail(of: photo.bytes, size: size, as: encoding) {
        case .success(let bytes):
            memory.set(key, bytes)
            disk?.set(key, bytes)
            return image(bytes, encoding: encoding, etag: etag)
        case .failure(let refusal):
            return .error(HTTPError(422, "unreadable_photo", refusal.message))
        }
    }

    private func image(_ bytes: [UInt8], encoding: ThumbnailEncoding, etag: String) -> Response {
        var response = Response(body: bytes)
        response.headers.set("Content-Type", encoding.mediaType)
        headers(&response, etag: etag)
        return response
    }

    private func headers(_ response: inout Response, etag: String) {
        response.headers.set("ETag", etag)
        // Guarded reads are for the token's holder only: no shared cache keeps them.
        response.headers.set(
            "Cache-Control", reads.guarded ? "private" + Self.caching.dropFirst(6) : Self.caching)
    }

    /// `s`: 16 to 640 (`Thumbnailer.sizes`), 80 when absent.
    static func size(_ request: Request) throws(HTTPError) -> Int {
        var size = defaultSize
        for (name, value) in try request.queryItems() {
            // `c`: the contact earlier answers gave the URL for (taken, ignored).
            if name == "c", (1...18).contains(value.utf8.count),
                value.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            {
                continue
            }
            guard name == "s" else {
                throw HTTPError(
                    400, "invalid_parameter",
                    "unknown parameter '\(name.prefix(40))': /photos/{digest} takes s (and c, a contact's id)"
                )
            }
            guard value.utf8.count <= 4, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let asked = Int(value), Thumbnailer.sizes.contains(asked)
            else {
                throw HTTPError(
                    400, "invalid_parameter",
                    "s is the thumbnail's side in pixels, \(Thumbnailer.sizes.lowerBound) to \(Thumbnailer.sizes.upperBound), not '\(value.prefix(40))'"
                )
            }
            size = asked
        }
        return size
    }

    static func notFound(_ digest: String) -> HTTPError {
        HTTPError(404, "not_found", "no photo is stored under '\(digest.prefix(80))'")
    }
}

extension PhotoThumbnails {
    /// Memory kept for thumbnails: a few thousand avatars.
    static let memoryBytes = 64 << 20
    /// Disk kept for thumbnails.
    static let diskBytes = 256 << 20

    /// The thumbnails a server makes: two workers (or one on a single core), 64 MiB of them in
    /// memory, 256 MiB on disk in `--photo-cache` or beside a SQLite file (none on PostgreSQL
    /// without `--photo-cache`; a folder that cannot be made is logged and done without). The
    /// folder beside a SQLite file is made at the first thumbnail, so a list without photos
    /// leaves nothing beside its file but SQLite's own.
    static func serving(
        _ options: ServeOptions, backend: any ContactBackend, reads: ReadGate, logger: Logger
    ) throws -> PhotoThumbnails {
        let folder =
            options.photoCache ?? (options.database.contains("://") ? nil : options.database + "-thumbnails")
        var disk: ThumbnailDiskCache?
        if let folder {
            do {
                disk = try ThumbnailDiskCache(
                    folder: folder, limit: diskBytes, makeNow: options.photoCache != nil)
            } catch {
                logger.log("roster: thumbnails are kept in memory only: \(folder) cannot be made: \(error)")
            }
        }
        return PhotoThumbnails(
            workers: PhotoWorkers(
                threads: min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
            ) { try backend.openPhotoReader() },
            memory: ThumbnailCache(limit: memoryBytes), disk: disk, reads: reads)
    }
}
