import Foundation

/// A fresh folder under the system's temporary directory, removed on deinit, for
/// the store test suites' files.
public final class TestFolder {
    /// The folder.
    public let path: String

    /// A new, empty folder.
    public init() {
        path = NSTemporaryDirectory() + "roster-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of the file `name` in the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The project's own Migrations folder (PostgreSQL's in its `postgresql` folder).
    public static let migrations: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations").path
}
