import Synchronization

/// The imports running in this process, by token: a range of this process whose
/// token is not here was left by an import that failed or was cancelled.
enum ImportTokens {
    private static let running = Mutex<Set<Int>>([])
    /// The files a cleanup of this process runs on: one at a time per file.
    static let collecting = Mutex<Set<String>>([])

    static func begin(_ token: Int) { _ = running.withLock { $0.insert(token) } }
    static func end(_ token: Int) { _ = running.withLock { $0.remove(token) } }
    static func isRunning(_ token: Int) -> Bool { running.withLock { $0.contains(token) } }
}
