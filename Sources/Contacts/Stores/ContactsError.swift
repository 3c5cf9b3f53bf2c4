/// What went wrong with the contacts, whatever store keeps them, with a message a
/// person can act on. Each store adds its own error for its own failures
/// (`SQLiteError`, `PostgresError`).
public enum ContactsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database was migrated by a newer Roster than this one.
    case schemaNewer(path: String, databaseVersion: Int, codeVersion: Int)
    /// The migrations folder is missing or holds a badly named file.
    case migrations(directory: String, problem: String)
    /// A migration file failed to apply; nothing of it was kept.
    case migrationFailed(file: String, message: String)
    /// `seed` was asked to fill a database that already holds contacts.
    case notEmpty(path: String, contacts: Int)
    /// A contact that cannot be stored, by its 0-based place in the batch.
    case invalidContact(index: Int, problem: String)
    /// An imported file holds nothing, not even a header line.
    case emptyFile
    /// An imported file is no contacts file (a spreadsheet, a PDF...): the message
    /// names the cause and the fix.
    case unreadableFile(String)
    /// An imported file's header line (`line`) cannot be read as CSV.
    case unreadableHeader(line: Int, problem: String)
    /// An imported file's header (on `line`) names no name, company or e-mail column.
    case noNameColumn(line: Int, header: [String])
    /// The import was cancelled (its client went away); nothing of it was kept.
    case importCancelled
    /// No contact has this id (never had, or deleted).
    case contactNotFound(id: Int)
    /// A write named a revision of the contact (`If-Match`) that is no longer its own.
    case staleRevision(id: Int, current: Int)
    /// A restore of a contact that is in the list.
    case contactExists(id: Int)
    /// A single contact write without a name, a company or an e-mail.
    case namelessContact
    /// A single contact write with a field over its limit (in characters).
    case valueTooLong(field: String, length: Int, limit: Int)
    /// Another writer (an import) holds the database; the write can be retried.
    case busy
    /// The database server cannot be reached (down, restarting, refusing): nothing
    /// was written; the request can be retried once it is back.
    case unavailable(reason: String)
    /// A value the store cannot keep: PostgreSQL's text holds no U+0000.
    case unstorable(field: String)
    /// A read of data version `version` was asked for once the database had moved
    /// past it (a write landed meanwhile): nothing was answered; read a newer one.
    case versionGone(version: Int)
    /// What this store cannot do (yet): a person reads why.
    case unsupported(String)
    /// A rule the stored list must keep was found broken (a contact missing from
    /// the order, a seed cut short): a fault of Roster's, with what was found.
    case inconsistent(String)
    /// The database file was removed, or another moved in its place, while the
    /// server used it: nothing more is read from or written to the file it opened.
    case fileReplaced(path: String, removed: Bool)
    /// No space is left where the store keeps its data (a full disk, a file at the
    /// file system's size limit): nothing was written; the same request works again
    /// once space is freed.
    case storageFull(where: String, detail: String)
    /// A failure of the store underneath, passed through a layer that reports its
    /// errors as `ContactsError` (an import's summary): that store's own message.
    case store(String)
    /// A locale tag ICU reads no language from (`--locale`, `ROSTER_LOCALE`).
    case unknownLocale(String)

    /// One line naming the path or statement and what to do.
    public var description: String {
        switch self {
        case .schemaNewer(let path, let databaseVersion, let codeVersion):
            "\(path) has schema version \(databaseVersion), newer than this Roster's \(codeVersion); "
                + "use a newer Roster or another --db"
        case .migrations(let directory, let problem):
            "migrations in \(directory): \(problem)"
        case .migrationFailed(let file, let message):
            "migration \(file) failed and was rolled back: \(message)"
        case .notEmpty(let path, let contacts):
            "\(path) already holds \(Plural.count(contacts, "contact")); seed fills only an empty database, so choose a new --db"
        case .invalidContact(let index, let problem):
            "contact \(index + 1) of the batch \(problem)"
        case .emptyFile:
            "the file is empty: it needs a header line (e.g. first_name,last_name) and then one contact a line"
        case .unreadableFile(let message):
            message
        case .unreadableHeader(let line, let problem):
            "line \(line): the header line cannot be read: \(problem)"
        case .noNameColumn(let line, let header):
            "line \(line): the header names no column a contact is listed by: a name, a company or an e-mail (it has: "
                + header.prefix(20).map { $0.isEmpty ? "\"\"" : String($0.prefix(40)) }.joined(
                    separator: ", ")
                + "); name one first_name, last_name, company or email (or Given Name, Surname, E-mail...)"
        case .importCancelled:
            "the import was cancelled before its end; nothing of it was kept"
        case .contactNotFound(let id):
            "no contact has id \(id)"
        case .contactExists(let id):
            "contact \(id) is in the list: only a deleted contact can be restored"
        case .staleRevision(let id, let current):
            "contact \(id) changed since that version (it is at revision \(current) now); read it again and redo the change"
        case .namelessContact:
            "a contact needs a name, a company or an e-mail: give first_name, last_name, company or email"
        case .valueTooLong(let field, let length, let limit):
            "\(field) is \(length) characters long; at most \(limit) are allowed"
        case .busy:
            "the database is busy: an import is writing; try again in a moment"
        case .unavailable(let reason):
            "the database is unavailable: \(reason)"
        case .unstorable(let field):
            "\(field) holds the character U+0000, which PostgreSQL cannot store"
        case .versionGone(let version):
            "the data moved past version \(version) while it was being read; read it again"
        case .unsupported(let what):
            what
        case .inconsistent(let what):
            "the stored list is inconsistent: \(what); this is a fault of Roster's, please report it"
        case .fileReplaced(let path, let removed):
            "the database file \(path) was \(removed ? "removed" : "replaced by another file") while Roster served it; "
                + "nothing more is read or written: restart Roster to open the file that is there now"
        case .storageFull(let place, let detail):
            "no space is left on \(place) (\(detail)): nothing was written; free space there, or move the "
                + "database to a larger disk, and try again"
        case .store(let message):
            message
        case .unknownLocale(let tag):
            "'\(tag.prefix(40))' is not a locale: give a BCP 47 language tag such as en, sv, zh, zh-Hant or pt-BR"
        }
    }
}
