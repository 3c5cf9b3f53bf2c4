import Foundation

/// A bounded first-in first-out hand-over between one producing and one consuming
/// thread. `put` waits while the queue is full; `take` waits while it is empty and
/// returns nil once the queue is closed and drained. Closing also releases a
/// waiting producer, so a consumer that stops early never leaves it blocked.
package final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private var waitingPuts = 0
    private let capacity: Int

    package init(capacity: Int) { self.capacity = max(capacity, 1) }

    /// Adds `item`, waiting for room; false when the queue was closed instead.
    @discardableResult
    package func put(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !closed {
            waitingPuts += 1
            condition.wait()
            waitingPuts -= 1
        }
        guard !closed else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The oldest item, waiting for one; nil when closed and empty.
    package func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        condition.broadcast()
        return items.removeFirst()
    }

    /// Puts waiting for room now (for tests that need a producer to be blocked).
    package var waitingProducers: Int {
        condition.lock()
        defer { condition.unlock() }
        return waitingPuts
    }

    /// No more puts: `take` drains what is left, then returns nil.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
