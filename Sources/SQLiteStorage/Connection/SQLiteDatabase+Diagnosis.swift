import Foundation

extension SQLiteDatabase {
    /// Why SQLite refused the file at `path` (`sqliteReason`), told from its first 100
    /// bytes, the database header: no SQLite header at all is `.notADatabase`; a
    /// header that counts more pages than the file holds is a file cut short (a copy
    /// or a download that did not finish, a full disk); anything else is a damaged
    /// database in SQLite's words. Reading the header costs nothing at any size, where
    /// `PRAGMA quick_check` reads every page.
    static func diagnose(_ path: String, sqliteReason: String) -> SQLiteError {
        guard let file = FileHandle(forReadingAtPath: path) else {
            return .damaged(path: path, reason: sqliteReason)
        }
        defer { try? file.close() }
        let header = [UInt8]((try? file.read(upToCount: 100)) ?? Data())
        let size = (try? file.seekToEnd()).map(Int.init) ?? 0
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            return .notADatabase(path: path)
        }
        func number(_ offset: Int, _ count: Int) -> Int {
            header[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = number(16, 2) == 1 ? 65536 : number(16, 2)
        let pages = number(28, 4)
        // The header's page count holds when it was written with the change counter.
        if number(24, 4) == number(92, 4), pages > 0, pageSize * pages > size {
            return .damaged(
                path: path,
                reason: "it is cut short: its header counts \(pages) pages of \(pageSize) bytes, "
                    + "\(pages * pageSize) bytes, and the file holds \(size)")
        }
        return .damaged(path: path, reason: sqliteReason)
    }
}
