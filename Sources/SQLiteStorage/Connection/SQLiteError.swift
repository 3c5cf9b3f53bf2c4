import CSQLite
import Contacts

#if canImport(Glibc)
    import Glibc
#endif

/// What went wrong in a SQLite file, with a message a person can act on. What a
/// caller acts on whatever the store (busy, a contact not found, a newer schema)
/// is a `ContactsError` instead.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or created (missing folder, no permission...).
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not a SQLite database.
    case notADatabase(path: String)
    /// The file is a SQLite database, damaged: cut short, or with pages SQLite cannot read.
    case damaged(path: String, reason: String)
    /// Any other SQLite error: its extended result code and message, and the SQL that caused it.
    case sqlite(code: Int32, message: String, sql: String?)

    /// One line naming the path or statement and what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open database \(path): \(reason)"
        case .notADatabase(let path):
            "\(path) is not a SQLite database; move it aside or choose another --db"
        case .damaged(let path, let reason):
            "\(path) is a damaged SQLite database: \(reason); restore it from a backup, or move it aside and "
                + "choose another --db"
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message)" + (sql.map { " in: \($0)" } ?? "")
        }
    }

    /// SQLite's primary result code (`SQLITE_BUSY`, ...), for an error from SQLite.
    var primaryCode: Int32? {
        if case .sqlite(let code, _, _) = self { code & 0xFF } else { nil }
    }

    /// The error the last call on connection `handle` failed with, running `sql`: no
    /// space left for the file, its log or its staging (SQLITE_FULL, or an I/O error
    /// whose cause was ENOSPC, EFBIG or EDQUOT) is `ContactsError.storageFull`, which
    /// callers answer for whatever the store; anything else is `.sqlite`.
    static func last(on handle: OpaquePointer, sql: String?, message: String? = nil) -> any Error {
        let code = sqlite3_extended_errcode(handle)
        let text = message ?? String(cString: sqlite3_errmsg(handle))
        let cause = sqlite3_system_errno(handle)
        if code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB,
            let path = sqlite3_db_filename(handle, "main").map({ String(cString: $0) }), !path.isEmpty
        {
            return SQLiteDatabase.diagnose(path, sqliteReason: text)
        }
        if code & 0xFF == SQLITE_FULL
            || (code & 0xFF == SQLITE_IOERR && [ENOSPC, EFBIG, EDQUOT].contains(cause))
        {
            let path = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? "the database"
            return ContactsError.storageFull(where: "the disk of \(path)", detail: text)
        }
        return SQLiteError.sqlite(code: code, message: text, sql: sql)
    }
}
