import Codecs
import Foundation

/// The name of a folder's content, for the `/v/<version>/` paths of `StaticFiles`.
extension StaticFiles {
    /// A name for everything under `root` (file paths and contents, dot files left
    /// out, as they are never served): 16 hex digits of a SHA-256, so that a page
    /// built from one set of files never loads a script or style of another under
    /// the same path. Computed once at start; nil when the folder cannot be read.
    public static func digest(of root: String) -> String? {
        let manager = FileManager.default
        guard let names = manager.subpaths(atPath: root) else { return nil }
        var message: [UInt8] = []
        for name in names.sorted() {
            guard !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue,
                let data = manager.contents(atPath: root + "/" + name)
            else { continue }
            message += Array(name.utf8) + [0]
            message += SHA256.hash(data)
        }
        return Hex.lowercase(SHA256.hash(message).prefix(8))
    }
}
