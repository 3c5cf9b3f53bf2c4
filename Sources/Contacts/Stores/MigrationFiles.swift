import Foundation

/// A folder of migrations, `NNNN_name.sql` files each store applies in order
/// (`SQLiteMigrator`, `PostgresMigrator`), read and checked once.
public struct MigrationFiles: Sendable {
    /// One migration file.
    public struct Migration: Equatable, Sendable {
        /// The number before the underscore.
        public let version: Int
        /// The file name.
        public let name: String
        /// The SQL it runs.
        public let sql: String
    }

    /// The migrations found, in version order.
    public let migrations: [Migration]
    /// The folder they came from.
    public let directory: String

    /// Reads every `NNNN_name.sql` in `directory`.
    /// - Throws: `ContactsError.migrations` when the folder is missing or empty, a
    ///   `.sql` file is not named `NNNN_name.sql`, or two files share a version.
    public init(directory: String) throws {
        self.directory = directory
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ContactsError.migrations(
                directory: directory,
                problem: "folder not found; run from the project root or pass --migrations DIR")
        }
        var migrations: [Migration] = []
        for name in names.sorted() where name.hasSuffix(".sql") {
            guard let underscore = name.firstIndex(of: "_"), let version = Int(name[..<underscore]),
                version > 0
            else {
                throw ContactsError.migrations(
                    directory: directory, problem: "\(name) is not named NNNN_description.sql")
            }
            if let clash = migrations.first(where: { $0.version == version }) {
                throw ContactsError.migrations(
                    directory: directory, problem: "\(clash.name) and \(name) share version \(version)")
            }
            let sql: String
            do {
                sql = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            } catch {
                throw ContactsError.migrations(directory: directory, problem: "cannot read \(name): \(error)")
            }
            migrations.append(Migration(version: version, name: name, sql: sql))
        }
        guard !migrations.isEmpty else {
            throw ContactsError.migrations(directory: directory, problem: "no NNNN_name.sql files")
        }
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// The highest version this code knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }
}
