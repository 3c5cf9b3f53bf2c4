import CSQLite
import Contacts

/// What went wrong in a SQLite file, with a message a person can act on. What a
/// caller acts on whatever the store (busy, a contact not found, a newer schema)
/// is a `ContactsError` instead.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or created (missing folder, no permission...).
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not a SQLite database, or is damaged.
    case notADatabase(path: String)
    /// Any other SQLite error: its extended result code and message, and the SQL that caused it.
    case sqlite(code: Int32, message: String, sql: String?)

    /// One line naming the path or statement and what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open database \(path): \(reason)"
        case .notADatabase(let path):
            "\(path) is not a SQLite database (or it is damaged); move it aside or choose another --db"
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message)" + (sql.map { " in: \($0)" } ?? "")
        }
    }

    /// SQLite's primary result code (`SQLITE_BUSY`, ...), for an error from SQLite.
    var primaryCode: Int32? {
        if case .sqlite(let code, _, _) = self { code & 0xFF } else { nil }
    }
}
