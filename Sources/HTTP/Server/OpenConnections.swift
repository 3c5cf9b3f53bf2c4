import Synchronization

/// The count of open connections, shared by a server's loops (the cap is the
/// server's, not a loop's).
final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more connection if fewer than `limit` are open; false otherwise.
    func claim(below limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Counts one connection fewer.
    func release() {
        count.subtract(1, ordering: .relaxed)
    }
}
