import Contacts
import Foundation

/// Where an import's rows wait until the file is read (`SQLiteImport`): a database
/// file of its own beside the list's (`<db>-import-<pid>-<token>`), attached to the
/// import's connection as `staging`, with a rollback journal and no syncs (a killed
/// process leaves it as its last commit left it; a lost machine may leave less).
/// Beside the list's so that the space an import needs is taken on the disk the
/// list will take it on: a disk too full for the import is found while the file is
/// read, before the list's file changes (`ContactsError.storageFull`). Its rows are
/// written once and never changed: a cleanup after a killed import takes the search
/// texts it had indexed out of the index with them. Deleted when the import ends,
/// or, when its process died, by the cleanup that no longer needs it.
enum ImportStaging {
    /// The staging file of import `token` of process `pid`, beside `databasePath`.
    static func path(of databasePath: String, pid: Int, token: Int) -> String {
        "\(databasePath)-import-\(pid)-\(token)"
    }

    /// The staging file of import `token` of this process.
    static func path(of databasePath: String, token: Int) -> String {
        path(of: databasePath, pid: Int(ProcessInfo.processInfo.processIdentifier), token: token)
    }

    /// Attaches a new staging file for import `token` to `database` and makes its tables.
    static func attach(to database: SQLiteDatabase, token: Int) throws {
        let file = path(of: database.path, token: token)
        // Made here, empty (an empty file is an empty database): the list's connection
        // may not create files.
        guard FileManager.default.createFile(atPath: file, contents: nil) else {
            throw SQLiteError.cannotOpen(
                path: file,
                reason: "cannot create the import's staging file beside the list's: errno \(errno)")
        }
        try database.run("ATTACH DATABASE :file AS staging") { $0.bind(file, to: ":file") }
        let columns = ContactField.columnList
        try database.execute(
            """
            PRAGMA staging.journal_mode = TRUNCATE; PRAGMA staging.synchronous = OFF;
            PRAGMA staging.cache_size = -1024;
            CREATE TABLE staging.import_rows (id INTEGER PRIMARY KEY, sort_key BLOB NOT NULL, lines INTEGER NOT NULL, document TEXT NOT NULL, \(columns));
            CREATE TABLE staging.import_merges (id INTEGER NOT NULL, seq INTEGER NOT NULL, \(columns), PRIMARY KEY (id, seq)) WITHOUT ROWID;
            """)
    }

    /// Detaches import `token`'s staging file from `database` and deletes it.
    static func remove(from database: SQLiteDatabase, token: Int) {
        try? database.execute("DETACH DATABASE staging")
        delete(path(of: database.path, token: token))
    }

    /// Deletes a staging file and its journal.
    static func delete(_ file: String) {
        unlink(file)
        unlink(file + "-journal")
    }
}

extension SQLiteContactStore {
    /// Deletes the staging files beside this store's file whose imports are gone
    /// (their process died, or in this process they no longer run) and whose ranges
    /// a cleanup has removed. Returns how many.
    @discardableResult
    func removeStagingLeftovers() throws -> Int {
        let url = URL(fileURLWithPath: database.path)
        let prefix = url.lastPathComponent + "-import-"
        let folder = url.deletingLastPathComponent().path
        let owners = try database.withStatement("SELECT DISTINCT owner FROM import_ranges") { statement in
            var owners = Set<Int>()
            while try statement.step() { owners.insert(statement.int(at: 0)) }
            return owners
        }
        var removed = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) && !name.hasSuffix("-journal") {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int(parts[0]), let token = Int(parts[1]) else { continue }
            guard Self.isGone(owner: token, pid: pid), !owners.contains(token) else { continue }
            ImportStaging.delete(folder + "/" + name)
            removed += 1
        }
        return removed
    }

    /// Attaches the staging file of a gone import (owner `token` of process `pid`) as
    /// `leftover`, rolling back what its last, cut off, transaction wrote; false when
    /// it cannot be read (gone, or damaged). Outside any transaction.
    func attachLeftover(pid: Int, token: Int) -> Bool {
        let file = ImportStaging.path(of: database.path, pid: pid, token: token)
        guard access(file, F_OK) == 0 else { return false }
        do {
            try database.run("ATTACH DATABASE :file AS leftover") { $0.bind(file, to: ":file") }
            _ = try database.integer("SELECT count(*) FROM leftover.import_rows WHERE id < 0")
            return true
        } catch {
            detachLeftover()
            return false
        }
    }

    func detachLeftover() {
        try? database.execute("DETACH DATABASE leftover")
    }

    /// The search texts the attached `leftover` holds for the contacts with ids in `ids`.
    func leftoverTexts(in ids: ClosedRange<Int>) throws -> [Int: String] {
        let texts = try database.rows(
            "SELECT id, document FROM leftover.import_rows WHERE id BETWEEN :first AND :last", in: ids
        ) { ($0.int(at: 0), $0.string(at: 1)) }
        return Dictionary(texts, uniquingKeysWith: { first, _ in first })
    }
}
