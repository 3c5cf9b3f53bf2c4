import Foundation
import Synchronization

/// Thumbnails on disk (docs/api.md, "Photos"): a folder of this server's own (beside a SQLite
/// file, or `--photo-cache DIR`), so a restart does not make every avatar again; bounded by
/// its bytes, the least recently used files going first. Each server keeps its own, also
/// when several share one PostgreSQL database. A file is written under a temporary name and
/// renamed, so a reader never sees half of one.
final class ThumbnailDiskCache: Sendable {
    let folder: String
    /// Bytes kept at most.
    let limit: Int
    private let bytes: Mutex<Int>

    /// The cache in `folder`, its files counted. The folder is made now when `makeNow` (one the
    /// user named: a folder that cannot be made is said at start), else at the first thumbnail
    /// written (the default beside a SQLite file: a list without photos gets no folder).
    init(folder: String, limit: Int, makeNow: Bool = true) throws {
        self.folder = folder
        self.limit = limit
        if makeNow {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        bytes = Mutex(Self.files(in: folder).reduce(0) { $0 + $1.size })
    }

    /// The thumbnail under `key`, if a file holds it (its time touched: recently used).
    func get(_ key: String) -> [UInt8]? {
        let path = folder + "/" + key
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
        return Array(data)
    }

    /// Writes `data` under `key`; past the limit, the oldest files go until a quarter is free.
    func set(_ key: String, _ data: [UInt8]) {
        let path = folder + "/" + key
        let temporary = path + ".\(UInt32.random(in: 0...UInt32.max)).part"
        var written = FileManager.default.createFile(atPath: temporary, contents: Data(data))
        if !written,
            (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true))
                != nil
        {
            written = FileManager.default.createFile(atPath: temporary, contents: Data(data))
        }
        guard written else { return }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            return
        }
        let over = bytes.withLock { total -> Bool in
            total += data.count
            return total > limit
        }
        if over { trim() }
    }

    /// Deletes the least recently used files until a quarter of the limit is free.
    private func trim() {
        var total = 0
        var files = Self.files(in: folder)
        for file in files { total += file.size }
        files.sort { $0.used < $1.used }
        for file in files where total > limit * 3 / 4 {
            if (try? FileManager.default.removeItem(atPath: folder + "/" + file.name)) != nil {
                total -= file.size
            }
        }
        bytes.withLock { $0 = total }
    }

    private static func files(in folder: String) -> [(name: String, size: Int, used: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            guard !name.hasSuffix(".part"),
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            else { return nil }
            return (
                name, (attributes[.size] as? Int) ?? 0,
                (attributes[.modificationDate] as? Date) ?? .distantPast
            )
        }
    }
}
