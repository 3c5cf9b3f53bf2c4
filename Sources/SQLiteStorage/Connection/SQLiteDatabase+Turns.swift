import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

extension SQLiteDatabase {
    /// Waits up to about `milliseconds` for another connection's write lock,
    /// trying again every quarter of a millisecond (0: fails busy at once).
    public func pollForLocks(upTo milliseconds: Int32) {
        let tries = max(0, Int(milliseconds)) * 4
        sqlite3_busy_handler(
            handle,
            { context, count in
                guard Int(count) < Int(bitPattern: context) else { return 0 }
                usleep(250)
                return 1
            }, UnsafeMutableRawPointer(bitPattern: tries))
    }
}
