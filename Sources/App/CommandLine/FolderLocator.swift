import Foundation

/// Finds the project folders the server needs (Migrations, Public) when `roster`
/// runs from somewhere other than the project root.
public enum FolderLocator {
    /// `path` when it is a folder; else, for a relative path, the first folder of that
    /// name beside the running executable or in one of its parent folders (so a
    /// binary under `.build/release` finds the project's own); else `path` unchanged.
    public static func locate(_ path: String, executable: String = CommandLine.arguments[0]) -> String {
        if isFolder(path) || path.hasPrefix("/") { return path }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent(path).path
            if isFolder(candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return path
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
