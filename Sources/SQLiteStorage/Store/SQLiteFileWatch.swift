import Contacts
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The database file a server opened, watched for being removed or replaced under
/// it (moved away, another file moved in its place): SQLite would go on reading and
/// writing the file it opened, which no longer is the one at that path, and every
/// write would be lost to whoever opens the path next. Each read transaction and
/// each write checks that the path still names the file (its device and inode, one
/// `stat`); once it does not, they fail with `ContactsError.fileReplaced` (503), and
/// `report` hears of it once.
public final class SQLiteFileWatch: Sendable {
    /// The path watched.
    public let path: String
    private let identity: (device: UInt64, inode: UInt64)?
    private let reported = Mutex(false)
    private let report: @Sendable (String) -> Void

    /// Watches the file `path` names now; `report` gets one line the first time it is found gone.
    public init(path: String, report: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.report = report
        identity = Self.identity(of: path)
    }

    private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }

    /// Throws `ContactsError.fileReplaced` when `path` no longer names the file opened.
    public func check() throws {
        guard let identity else { return }
        let now = Self.identity(of: path)
        guard now?.device != identity.device || now?.inode != identity.inode else { return }
        let error = ContactsError.fileReplaced(path: path, removed: now == nil)
        let first = reported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if first { report("roster: \(error.description)") }
        throw error
    }
}
