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

    /// A folder `name` in this one holding the project's SQLite migrations numbered below
    /// `number` (for example "0014"): a list as an older Roster kept it. Returns its path.
    public func migrations(before number: String, named name: String = "older") throws -> String {
        let older = file(name)
        try FileManager.default.createDirectory(atPath: older, withIntermediateDirectories: true)
        for migration in try FileManager.default.contentsOfDirectory(atPath: Self.migrations)
        where migration.hasSuffix(".sql") && migration < number {
            try FileManager.default.copyItem(
                atPath: Self.migrations + "/" + migration, toPath: older + "/" + migration)
        }
        return older
    }
}
