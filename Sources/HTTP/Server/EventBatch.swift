/// The events one `epoll_wait` returned, as they are handled: when it returned
/// (every socket it reported readable held its first unread byte by then, see
/// `Request.sentBy`), and the connections whose answers wait to be flushed
/// together after the last event. A send wakes the client it answers, and on a
/// busy machine a client woken per answer takes the core back before the next
/// request is handled, once per answer instead of once per batch.
///
/// The queue is double-buffered: the batch handed out is given back (emptied)
/// with `recycle`, so batches allocate nothing once warm.
struct EventBatch {
    /// When the latest `epoll_wait` returned (ns).
    private(set) var readyAt: UInt64 = 0
    /// Whether flushes are deferred (the batch's events are being handled).
    private var deferring = false
    private var queued: [Connection] = []
    private var spare: [Connection] = []

    /// A batch's events are handled from now on (`epoll_wait` returned at `readyAt`, ns).
    mutating func begin(readyAt: UInt64) {
        self.readyAt = readyAt
        deferring = true
    }

    /// Queues `connection`'s flush for the batch's end; false when flushes are not
    /// deferred (the caller flushes now). A connection is queued once per batch.
    mutating func deferFlush(of connection: Connection) -> Bool {
        guard deferring else { return false }
        if connection.writeSide.queueFlush() { queued.append(connection) }
        return true
    }

    /// The batch's events are handled: the connections to flush, in the order queued.
    /// Flushes are no longer deferred.
    mutating func end() -> [Connection] {
        deferring = false
        var batch = spare
        spare = []
        swap(&batch, &queued)
        return batch
    }

    /// Gives back the array `end` returned, emptied, for a later batch.
    mutating func recycle(_ batch: inout [Connection]) {
        batch.removeAll(keepingCapacity: true)
        swap(&batch, &spare)
    }
}
