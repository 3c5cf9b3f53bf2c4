import Codecs
import Foundation

/// A folder's content as it was at start, for the `/v/<version>/` paths of `StaticFiles`: the
/// version segment naming the whole folder, and each file's content tag then (the tag its ETag is
/// made of). A file edited after start is no longer that version's content, so it is served
/// revalidated (`no-cache`), never as immutable under the version it does not match.
public struct StaticVersion: Sendable, Equatable {
    /// The version segment: 16 hex digits of a SHA-256 of every file's path and content.
    public let name: String
    /// Each file's content tag at start (`StaticFiles.tag(of:)`), by its path from `/`.
    let tags: [String: String]

    /// The content of everything under `root` (dot files left out, as they are never served);
    /// nil when the folder cannot be read. Computed once at start.
    public static func of(_ root: String) -> StaticVersion? {
        let manager = FileManager.default
        guard let names = manager.subpaths(atPath: root) else { return nil }
        var message: [UInt8] = []
        var tags: [String: String] = [:]
        for name in names.sorted() {
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue,
                let data = manager.contents(atPath: root + "/" + name)
            else { continue }
            message += Array(name.utf8) + [0]
            message += SHA256.hash(data)
            tags["/" + name] = StaticFiles.tag(of: Array(data))
        }
        return StaticVersion(name: Hex.lowercase(SHA256.hash(message).prefix(8)), tags: tags)
    }

    /// Whether the file at `path` (from `/`) has the content tag `tag` it had at start.
    func holds(_ path: Substring, tag: String) -> Bool { tags[String(path)] == tag }
}
