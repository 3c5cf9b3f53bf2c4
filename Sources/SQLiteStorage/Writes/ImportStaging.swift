import Contacts
import Foundation

/// Where an import's rows wait until the file is read (`ContactImport`, step 1):
/// a database file of its own beside the list's (`<db>-import-<pid>-<token>`),
/// attached to the import's connection as `staging`, without a journal or syncs
/// (nothing of it needs to survive the import). Beside the list so that the space
/// an import needs is taken on the disk the list will take it on: a disk too full
/// for the import is found while the file is read, before the list's file changes
/// (`ContactsError.storageFull`). Deleted when the import ends, or by the next
/// cleanup when its process died (`ContactStore.removeStagingLeftovers`).
enum ImportStaging {
    /// The staging file of import `token` of this process, beside `databasePath`.
    static func path(of databasePath: String, token: Int) -> String {
        "\(databasePath)-import-\(ProcessInfo.processInfo.processIdentifier)-\(token)"
    }

    /// Attaches a new staging file for import `token` to `database` and makes its tables.
    static func attach(to database: Database, token: Int) throws {
        let file = path(of: database.path, token: token)
        // Made here, empty (an empty file is an empty database): the list's connection
        // may not create files.
        let made = open(file, O_CREAT | O_TRUNC | O_WRONLY, 0o644)
        guard made >= 0 else {
            throw SQLiteError.cannotOpen(
                path: file,
                reason: "cannot create the import's staging file beside the list's: errno \(errno)")
        }
        close(made)
        try database.run("ATTACH DATABASE :file AS staging") { $0.bind(file, to: ":file") }
        let columns = ContactField.columnList
        try database.execute(
            """
            PRAGMA staging.journal_mode = OFF; PRAGMA staging.synchronous = OFF;
            CREATE TABLE staging.import_rows (seq INTEGER PRIMARY KEY, sort_key BLOB NOT NULL, lines INTEGER NOT NULL, document TEXT NOT NULL, \(columns));
            CREATE TABLE staging.import_merges (id INTEGER NOT NULL, seq INTEGER NOT NULL, \(columns), PRIMARY KEY (id, seq)) WITHOUT ROWID;
            """)
    }

    /// Detaches import `token`'s staging file from `database` and deletes it.
    static func remove(from database: Database, token: Int) {
        try? database.execute("DETACH DATABASE staging")
        unlink(path(of: database.path, token: token))
    }
}

extension ContactStore {
    /// Deletes the staging files beside this store's file whose imports are gone
    /// (their process died, or in this process they no longer run). Returns how many.
    @discardableResult
    func removeStagingLeftovers() -> Int {
        let url = URL(fileURLWithPath: database.path)
        let prefix = url.lastPathComponent + "-import-"
        let folder = url.deletingLastPathComponent().path
        var removed = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int(parts[0]), let token = Int(parts[1]) else { continue }
            if Self.isGone(owner: token, pid: pid), unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }
}
